import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';

/** Where `verity serve` listens in development; the SPA's dev server forwards to it. */
const serverUrl = 'http://localhost:3000';

// Whole path segments only, so an SPA path such as /devices would stay with the SPA.
const forwardedPaths = ['^/api(/|$)', '^/oidc(/|$)', '^/\\.well-known/', '^/dev(/|$)'];

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        manualChunks(id) {
          // React and the router change less often than the app: their own chunk stays cached
          // across releases and loads in parallel with the shell (each well under 500 kB).
          if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          // The password meter's dictionaries (loaded only with the meter) are about 1.6 MB
          // together: each in its own chunk, fetched in parallel and cached on its own.
          const dictionary = /@zxcvbn-ts\/language-(\w+)\/dist\/(\w+)\.json\.mjs$/.exec(id);
          return dictionary ? `zxcvbn-${dictionary[1]}-${dictionary[2]}` : undefined;
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(forwardedPaths.map((path) => [path, { target: serverUrl }])),
  },
});
