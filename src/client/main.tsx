// Asked first, before the rest of the app's code runs (decision 031): who is signed in.
import './features/auth/first-session-check.ts';
import { afterFirstSessionCheck } from './features/auth/first-session-check.ts';

/** Lets the browser run what is waiting (input, painting, network answers) before going on. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The app's code runs in a few tasks rather than one (decision 033): React, then Mantine and the
// providers, then the routes, then the first render, each in a task of its own, so that a phone's
// main thread is never held for the whole bundle at once. The code is all in the file the page
// already has (vite.config.ts keeps these imports in the entry's chunk); only its running waits.
async function start() {
  const t0 = performance.now();
  const [{ StrictMode, startTransition }, { createRoot }] = await Promise.all([
    import('react'),
    import('react-dom/client'),
  ]);
  const t1 = performance.now();
  await nextTask();
  const t2 = performance.now();
  await import('./lib/query-client.ts');
  const t3 = performance.now();
  await import('react-router');
  const t4 = performance.now();
  await import('@mantine/notifications');
  const t5 = performance.now();
  const { Providers } = await import('./app/providers.tsx');
  const t6 = performance.now();
  await nextTask();
  const t7 = performance.now();
  const { AppRoutes, preloadSignedInScreens } = await import('./app/router.tsx');
  const t8 = performance.now();
  (window as unknown as { __steps: number[] }).__steps = [t1 - t0, t3 - t2, t4 - t3, t5 - t4, t6 - t5, t8 - t7];
  // Someone signed in: their screens' code is on its way (decision 031) before React's first render.
  afterFirstSessionCheck((user) => user && preloadSignedInScreens(user.role, window.location));
  await nextTask();
  // The first render in a transition: React renders it in slices of a few milliseconds, yielding in
  // between, instead of one long task. Nothing is on the screen to keep meanwhile.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <AppRoutes />
        </Providers>
      </StrictMode>,
    ),
  );
}

void start();
