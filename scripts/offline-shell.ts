// The service worker and web app manifest that make the agent's phone app installable and let it open
// with no network (decision 036), from vite-plugin-pwa (Workbox's generateSW). The worker
// precaches the app shell (the page, every script and style, the icons) and answers every navigation
// with the cached page, never /api: data comes from the API or, offline, from what the app kept in
// IndexedDB. The app registers the worker itself once the first screen has drawn
// (src/web/lib/offline/runtime.ts), so nothing is added to the page's first paint.
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Where the app's routes are handled by the page; /api, files and a client's statement page (/s/…, rendered
 * by the server, decision 064) are never answered with it.
 */
export const NOT_THE_PAGE = [/^\/api(\/|$)/, /^\/s\//, /^\/\.vite\//, /\/[^/?]+\.[a-z0-9]{1,8}$/i];

export const offlineShell = () =>
  VitePWA({
    strategies: 'generateSW',
    injectRegister: false,
    registerType: 'autoUpdate',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      name: 'Cratekeeper',
      short_name: 'Cratekeeper',
      description: 'Crates from the farm to the market, counted, lent and returned, also without a connection.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#ffffff',
      theme_color: '#2f7d32',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      // wasm: the QR reader's (decision 073), so scanning works with no connection.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,wasm}'],
      // The brotli and gzip copies are the same files (the server picks one); the build manifest is not the app.
      globIgnores: ['**/*.gz', '**/*.br', '.vite/**', 'sw.js'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: NOT_THE_PAGE,
      // Hashed file names change with their content: no revision needed in the cache's key.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      inlineWorkboxRuntime: true,
      sourcemap: false,
      // Reads are never cached by the worker: only what the app itself keeps, for its signed-in user.
      runtimeCaching: [],
    },
  });
