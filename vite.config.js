import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

// The app lives in web/ (Vite's root); static files in public/; the build in
// dist/. Two pages: the app (index.html) and the embeddable player
// (embed.html). Relative asset paths, so dist/ can be hosted under any path.
export default defineConfig({
  root: 'web',
  base: './',
  publicDir: '../public',
  plugins: [preact()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false }, // no inline script: the pages run under a strict CSP
    // the Connect Four opening book stays a file of its own, however small:
    // the CSP's connect-src 'self' refuses a data: URL
    assetsInlineLimit: (file) => (file.endsWith('.book') ? false : undefined),
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'web/index.html'),
        embed: resolve(import.meta.dirname, 'web/embed.html'),
      },
    },
  },
  worker: {
    format: 'es',
  },
  preview: {
    port: 4173,
    strictPort: true,
  },
});
