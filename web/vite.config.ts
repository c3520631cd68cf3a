import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** Where `npm start` runs the gateway; the dev server hands it everything that is not the app. */
const GATEWAY = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // The shared contracts, bundled from their TypeScript sources (ES modules, tree-shaken).
    alias: { '@podz/proto': fileURLToPath(new URL('../proto/src/index.ts', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: GATEWAY, changeOrigin: false },
      '/socket.io': { target: GATEWAY, ws: true },
      '/healthz': { target: GATEWAY },
    },
  },
  build: {
    // The gateway serves this folder (its WEB_DIST) in production.
    outDir: 'dist',
    emptyOutDir: true,
    // Which chunks each route needs: `npm run bench` reads it to size the first load of `/`.
    manifest: true,
    // Every browser PODZ supports preloads modules itself; the polyfill would be one more chunk.
    modulePreload: { polyfill: false },
    // The app, and the embeddable player on its own (no React: it stays small for other sites).
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        embed: fileURLToPath(new URL('./embed.html', import.meta.url)),
      },
      // Chunks by hash alone: every page's code names the chunks it may load (imports, preload
      // lists), and with a hundred chunks the names were 1.6 kB gzip of the first load. The
      // manifest (dist/.vite/manifest.json) still says which source each chunk is.
      output: { chunkFileNames: 'assets/[hash].js' },
    },
  },
});
