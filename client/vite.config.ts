/// <reference types="vitest/config" />
import os from 'node:os';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { DEFAULT_CURRENCY, isCurrency } from '@aprendiz/contract/rules/currency';

// The API listens on 127.0.0.1 outside production (HOST); 'localhost' may resolve to ::1 first.
const BACKEND_DEV_TARGET = 'http://127.0.0.1:3000';
const THEME_COLOR = '#2563eb';
/** The chunks of the groups below, which the first script and the app load before any lazy chunk. */
const LOADED_WITH_THE_APP = /(^|\/)(rolldown-runtime|preload-helper|react|shared)-[\w-]+\.js$/;

export default defineConfig(({ mode, isSsrBuild }) => {
  const viteEnv = loadEnv(mode, process.cwd(), 'VITE_');
  const brand = viteEnv.VITE_BRAND?.trim() || 'Aprendiz';
  const usesClerk = Boolean(viteEnv.VITE_CLERK_PUBLISHABLE_KEY?.trim());
  // The server writes its own CURRENCY onto every page it serves; the one seen here (the repository's
  // .env or the environment) labels prices only where no server did (the Vite dev server).
  const serverCurrency = (
    loadEnv(mode, '..', '').CURRENCY ??
    loadEnv(mode, process.cwd(), '').CURRENCY ??
    ''
  )
    .trim()
    .toLowerCase();
  const currency = isCurrency(serverCurrency) ? serverCurrency : DEFAULT_CURRENCY;

  return {
    plugins: [
      react(),
      tailwindcss(),
      VitePWA({
        // The server bundle (src/entry-server.tsx) renders pages; the worker belongs to the browser build.
        disable: isSsrBuild,
        // The worker activates at once; src/components/sw-reload.tsx registers it and reloads the page
        // when an update takes over (spec §4), so no script is injected here.
        registerType: 'autoUpdate',
        injectRegister: null,
        filename: 'sw.js',
        scope: '/',
        includeAssets: ['favicon.svg', 'icons/logo.svg', 'icons/apple-touch-icon.png'],
        manifest: {
          name: brand,
          short_name: brand,
          description: `${brand}: cursos online de tecnologia em português, mentorias e vagas de emprego.`,
          lang: 'pt',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          background_color: '#ffffff',
          theme_color: THEME_COLOR,
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
            {
              src: '/icons/icon-maskable-512.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
          ],
        },
        workbox: {
          // Pages come from the network first: the server renders them with today's content. The
          // page last seen at an address answers only offline, and the app shell where none was seen.
          navigateFallback: null,
          runtimeCaching: [
            {
              urlPattern: ({ request, url }) =>
                request.mode === 'navigate' &&
                !url.pathname.startsWith('/api/') &&
                !url.pathname.startsWith('/uploads/'),
              handler: 'NetworkFirst',
              options: {
                cacheName: 'pages',
                networkTimeoutSeconds: 10,
                expiration: { maxEntries: 50 },
                precacheFallback: { fallbackURL: 'index.html' },
                plugins: [
                  {
                    // A page drawn for its signed-in viewer (My Courses) is theirs alone: never
                    // kept, so the device shows nobody's courses offline after they sign out.
                    cacheWillUpdate: async ({ response }) =>
                      /no-store|private/.test(response.headers.get('Cache-Control') ?? '')
                        ? null
                        : response,
                  },
                ],
              },
            },
          ],
          globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
          // Local accounts never load Clerk's chunk, so the worker need not download it either.
          globIgnores: usesClerk ? [] : ['**/clerk-auth-provider-*.js'],
          cleanupOutdatedCaches: true,
        },
      }),
    ],
    build: {
      // scripts/bundle-size.mjs walks the chunk graph from it: what runs before idle, what hydrates.
      manifest: !isSsrBuild,
      modulePreload: {
        // A lazy chunk's list of files to preload leaves out those the app's first scripts already
        // loaded (they import them statically): every page's route table carries these lists.
        resolveDependencies: (_file, deps) => deps.filter((dep) => !LOADED_WITH_THE_APP.test(dep)),
      },
      rolldownOptions: {
        output: {
          // The small modules the first page shares with later pages (UI primitives, toasts, API
          // errors and calls, the loaders' helpers, config) go into one chunk: each extra chunk costs
          // the first page bytes.
          codeSplitting: isSsrBuild
            ? undefined
            : {
                groups: [
                  // Vite's preload helper, which the first script (src/main.tsx) needs to start the
                  // app: on its own, it does not drag the shared chunk into what runs before idle.
                  // The hydration data's id, which both the first script and the app read, joins it
                  // rather than being drawn into the shared chunk; so do the reads the first script
                  // starts for a page drawn in the browser, which the loaders take (and the session
                  // keys they read).
                  {
                    name: 'preload-helper',
                    test: /vite[\\/]preload-helper|contract[\\/]src[\\/]hydration|client[\\/]src[\\/](boot[\\/]early-reads|auth[\\/]session-keys)\./,
                    priority: 2,
                  },
                  // React itself (and react-dom's small entry, which the router uses), apart from the
                  // router and from React DOM's client: src/main.tsx fetches React DOM and the app
                  // together, and each is evaluated in its own task only if neither graph holds the
                  // other's code.
                  {
                    name: 'react',
                    test: /node_modules[\\/](react[\\/]|react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js))/,
                    priority: 1,
                  },
                  // Not the table and the pager: only signed-in pages (the educator's, the console,
                  // questions) use them, and here they would weigh on every public page's first load.
                  {
                    name: 'shared',
                    test: /client[\\/]src[\\/](components[\\/](ui[\\/](?!(table|pager)\.)|dialog|toast)|lib[\\/](api-error|api-auth|send|load-api)\.|data[\\/](revalidation|load-result|catalogue-source)\.|config[\\/]|auth[\\/]auth-context)/,
                  },
                ],
              },
        },
      },
    },
    define: { 'import.meta.env.VITE_CURRENCY': JSON.stringify(currency) },
    // The contract is a workspace package of TypeScript sources: the server bundle carries it.
    ssr: { noExternal: ['@aprendiz/contract'] },
    server: {
      proxy: {
        '/api': BACKEND_DEV_TARGET,
        '/uploads': BACKEND_DEV_TARGET,
      },
    },
    preview: {
      proxy: {
        '/api': BACKEND_DEV_TARGET,
        '/uploads': BACKEND_DEV_TARGET,
      },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['src/test/setup.ts'],
      css: false,
      // Which files (and whether they share a module graph) is the root vitest.config.ts's to say;
      // run from client/, every test file, each isolated.
      // As many workers as cores, like the other projects (server/vitest.config.ts says why).
      maxWorkers: os.availableParallelism(),
    },
  };
});
