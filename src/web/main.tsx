// zod jitless before any schema exists: the page's CSP forbids eval (decision 049).
import './lib/zod-config.ts';
// Asked first, before the rest of the app's code runs (decision 031): who is signed in.
import './features/auth/first-session-check.ts';
import { afterFirstSessionCheck } from './features/auth/first-session-check.ts';
import { deviceLanguage, keepDeviceLanguage, switchLanguage } from './lib/i18n/language.ts';

// The device's language (decision 065) is on its way at once; a signed-in user's own replaces it.
const languageReady = switchLanguage(deviceLanguage());
afterFirstSessionCheck((user) => {
  if (!user) return;
  keepDeviceLanguage(user.language);
  void switchLanguage(user.language);
});

/** Lets the browser run what is waiting (input, painting, network answers) before going on. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0)); // i18n-ignore: code, not words

// The app's code runs in a few tasks rather than one (decision 033): React, then Mantine and the
// providers, then the routes, then the first render, each in a task of its own, so that a phone's
// main thread is never held for the whole bundle at once. The code is all in the file the page
// already has (vite.config.ts keeps these imports in the entry's chunk); only its running waits.
async function start() {
  const [{ StrictMode, startTransition }, { createRoot }] = await Promise.all([
    import('react'),
    import('react-dom/client'),
  ]);
  await nextTask();
  await import('./lib/query-client.ts');
  // Not `import('react-router')` or a package's whole namespace here: a namespace import keeps every
  // export in the bundle (react-router's alone was ~60 KB gzip more than the few parts the app uses).
  const { Providers } = await import('./app/providers.tsx');
  await nextTask();
  const { AppRoutes, preloadSignedInScreens } = await import('./app/router.tsx');
  // Someone signed in: their screens' code is on its way (decision 031) before React's first render.
  afterFirstSessionCheck((user) => user && preloadSignedInScreens(user.role, window.location));
  // The first screen in the right words: a language other than English is one small chunk.
  await languageReady.catch(() => undefined);
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
