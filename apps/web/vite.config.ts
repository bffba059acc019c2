import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin as PostcssPlugin } from 'postcss';
import postcssCustomMedia from 'postcss-custom-media';
import { defineConfig } from 'vite';
import { CUSTOM_MEDIA_CSS } from './src/styles/breakpoints.ts';

// Issue 10 §12: every stylesheet sees the breakpoint's custom media (`@media (--mobile)`), made
// from core's MOBILE_BREAKPOINT_PX; postcss-custom-media then writes the plain query in place.
const breakpointMedia: PostcssPlugin = {
  postcssPlugin: 'tapeline-breakpoint-media',
  Once(root, { parse }) {
    root.prepend(parse(CUSTOM_MEDIA_CSS));
  },
};

export default defineConfig({
  plugins: [react()],
  // Every `zod` of the bundle (core's schemas, the worker's) is zod switched to jitless parsing
  // first (src/zodConfig.ts): no eval probe to trip the CSP.
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/zodConfig.ts', import.meta.url)) }],
  },
  css: { postcss: { plugins: [breakpointMedia, postcssCustomMedia()] } },
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
