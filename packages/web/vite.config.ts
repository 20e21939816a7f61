import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Where `verity serve` listens in development; the SPA's dev server forwards to it. */
const serverUrl = 'http://localhost:3000';

// Whole path segments only, so an SPA path such as /devices would stay with the SPA.
const forwardedPaths = ['^/api(/|$)', '^/oidc(/|$)', '^/\\.well-known/', '^/dev(/|$)'];

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: Object.fromEntries(forwardedPaths.map((path) => [path, { target: serverUrl }])),
  },
});
