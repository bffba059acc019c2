import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // 'hidden': maps are written for whoever debugs a build, but the bundles do not point at them
  // and the server refuses to serve *.map (apps/server/src/platform/http/spa.ts).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: 'hidden' },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/socket.io': { target: 'http://localhost:8080', ws: true },
    },
  },
});
