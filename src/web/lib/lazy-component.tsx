// A component whose code loads on first use (its own chunk, off the first paint: decision 031), and
// that can be preloaded: once loaded, it renders at once instead of suspending for a frame.
import { type ComponentType, lazy, Suspense, useState } from 'react';

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

/** What a button that opens a lazy dialog passes on: the download starts on hover, touch or focus. */
export type OpenIntent = { onPointerEnter: () => void; onPointerDown: () => void; onFocus: () => void };

/**
 * A dialog whose code loads when it is first wanted (decisions 031, 033), shown without a fallback while
 * it loads, and the `intent` handlers its opening button spreads so the download starts as a finger or
 * pointer reaches it: usually in by the time the tap lands.
 */
export function lazyDialog<P extends object>(load: Load<P>): { Dialog: ComponentType<P>; intent: OpenIntent } {
  const Loaded = lazyComponent(load);
  const preload = () => {
    Loaded.preload().catch(() => undefined);
  };
  function Dialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return { Dialog, intent: { onPointerEnter: preload, onPointerDown: preload, onFocus: preload } };
}
