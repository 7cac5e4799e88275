import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

// The app lives in web/ (Vite's root); static files in public/; the build in dist/.
export default defineConfig({
  root: 'web',
  publicDir: '../public',
  plugins: [preact()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  worker: {
    format: 'es',
  },
  preview: {
    port: 4173,
    strictPort: true,
  },
});
