import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA's build: static files only, served by server.ts under a strict CSP (nothing inline).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the staff use loads module preloads natively; the polyfill is not needed.
    modulePreload: { polyfill: false },
    // No data: URLs for fonts or images: every asset is a file of its own.
    assetsInlineLimit: 0,
  },
});
