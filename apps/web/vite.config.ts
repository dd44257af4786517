import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), sonnerStylesheetAsCss()],
  // Vite marks its tags and a <meta property="csp-nonce"> with this; the server puts each
  // response's nonce in its place (apps/server/src/plugins/app/web-app.ts).
  html: { cspNonce: 'HIT21_CSP_NONCE' },
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
    sourcemap: true,
  },
});
