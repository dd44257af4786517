import { createRequire } from 'node:module';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * The server's CSP allows no inline styles ('unsafe-inline'): sonner would add its stylesheet
 * as a <style> element when imported, so the build drops that and styles/index.css imports
 * the same stylesheet (sonner/dist/styles.css) as CSS.
 */
function sonnerStylesheetAsCss(): Plugin {
  return {
    name: 'hit21:sonner-stylesheet-as-css',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const patched = code.replace('function __insertCSS(code) {', '$& return;');
      if (patched === code)
        this.error('sonner no longer adds its styles with __insertCSS: check the CSP still holds');
      return { code: patched, map: null };
    },
  };
}

/**
 * React Router publishes its production build beside the development one but exports only the
 * latter, which keeps development warnings in the bundle: a production build takes the former.
 */
const reactRouterRoot = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterRoot, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterRoot, 'dist/production/dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    sonnerStylesheetAsCss(),
    // Every text file also as .br and .gz, at their best settings: the server sends them as
    // they are (@fastify/static preCompressed), so no request pays for compression.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      exclude: [/\.map$/, /index\.html$/],
      logLevel: 'silent',
    }),
  ],
  // Vite marks its tags and a <meta property="csp-nonce"> with this; the server puts each
  // response's nonce in its place (apps/server/src/plugins/app/web-app.ts).
  html: { cspNonce: 'HIT21_CSP_NONCE' },
  resolve: command === 'build' ? { alias: reactRouterProduction } : {},
  server: {
    port: 5173,
    // The API server runs beside Vite in development; jerseys are static files in public/.
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    // Maps are written for whoever reads a stack trace on the build machine, never linked
    // from the files nor served (apps/server/src/plugins/app/web-app.ts).
    sourcemap: 'hidden',
  },
}));
