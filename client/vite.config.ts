/// <reference types="vitest/config" />
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

const BACKEND_DEV_TARGET = 'http://localhost:3000';
const THEME_COLOR = '#2563eb';

/**
 * Every page starts by asking for the catalogue (AppContext); announcing it in the HTML lets the
 * browser fetch it while the scripts download instead of after they run. `crossorigin` makes the
 * preload's request match the app's own (CORS mode, no credentials), so it is used, not repeated.
 */
function preloadCatalogue(backendUrl: string): Plugin {
  return {
    name: 'aprendiz:preload-catalogue',
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: {
          rel: 'preload',
          href: `${backendUrl}/api/course/all`,
          as: 'fetch',
          crossorigin: 'anonymous',
        },
        injectTo: 'head',
      },
    ],
  };
}

export default defineConfig(({ mode }) => {
  const viteEnv = loadEnv(mode, process.cwd(), 'VITE_');
  const brand = viteEnv.VITE_BRAND?.trim() || 'Aprendiz';
  const usesClerk = Boolean(viteEnv.VITE_CLERK_PUBLISHABLE_KEY?.trim());
  const backendUrl = (viteEnv.VITE_BACKEND_URL ?? '').trim().replace(/\/+$/, '');

  return {
    plugins: [
      preloadCatalogue(backendUrl),
      react(),
      tailwindcss(),
      VitePWA({
        // The worker activates at once; src/components/sw-reload.tsx registers it and reloads the page
        // when an update takes over (spec §4), so no script is injected here.
        registerType: 'autoUpdate',
        injectRegister: null,
        filename: 'sw.js',
        scope: '/',
        includeAssets: [
          'favicon.svg',
          'robots.txt',
          'icons/logo.svg',
          'icons/apple-touch-icon.png',
        ],
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
          navigateFallback: 'index.html',
          // The API and uploaded thumbnails always come from the server, never from the app shell.
          navigateFallbackDenylist: [/^\/api/, /^\/uploads/],
          globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
          // Local accounts never load Clerk's chunk, so the worker need not download it either.
          globIgnores: usesClerk ? [] : ['**/clerk-auth-provider-*.js'],
          cleanupOutdatedCaches: true,
        },
      }),
    ],
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
      include: ['src/**/*.test.{ts,tsx}'],
    },
  };
});
