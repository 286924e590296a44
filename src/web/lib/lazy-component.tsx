// A component whose code loads on first use (its own chunk, off the first paint: decision 031), and
// that can be preloaded: once loaded, it renders at once instead of suspending for a frame.
import { type ComponentType, lazy, useState } from 'react';

export type LazyComponent<P extends object> = ComponentType<P> & { preload: () => Promise<ComponentType<P>> }; // i18n-ignore

/** `load`: the dynamic import, picking the component, e.g. `() => import('./x.tsx').then((m) => m.X)`. */
type Load<P extends object> = () => Promise<ComponentType<P>>; // i18n-ignore: a type, not text

export function lazyComponent<P extends object>(load: Load<P>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (err) => {
        // A failed download may be retried by the next render.
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Lazy(props: P) {
    // Chosen once per mount: switching between the two later would remount what is on screen.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Suspending as unknown as ComponentType<P>));
    return <Component {...props} />;
  }
  return Object.assign(Lazy, { preload });
}
