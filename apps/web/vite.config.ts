import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown, runnerImport } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** What Vite writes where a nonce goes; the server puts each response's nonce in its place. */
const CSP_NONCE_PLACEHOLDER = 'HIT21_CSP_NONCE';

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
 * Every text file also as .br and .gz, at their best settings: the server sends them as they
 * are (@fastify/static preCompressed), so no request pays for compression. The pages carry a
 * nonce per response: the server compresses them as it sends them.
 */
function precompressed(): Plugin {
  return compression({
    algorithms: [
      defineAlgorithm('brotliCompress', {
        params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
      }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
    exclude: [/\.map$/, /\.html$/],
    logLevel: 'silent',
  });
}

/**
 * Builds a page's own script on its own, as one file (the prerendered landing page's, the
 * drawn pages' starter): as another entry of the app's build it would share chunks with the app
 * and change how the app is split.
 */
async function buildPageScript(root: string, outDir: string, name: string, source: string): Promise<string> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [precompressed()],
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      sourcemap: 'hidden',
      modulePreload: false,
      rolldownOptions: {
        input: { [name]: path.join(root, source) },
        output: { entryFileNames: 'assets/[name]-[hash].js', codeSplitting: false },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const entry = outputs
    .flatMap((output) => output.output)
    .find((file) => file.type === 'chunk' && file.isEntry);
  if (!entry) throw new Error(`The ${name} script was not built`);
  return entry.fileName;
}

/** The app's tags in the built index.html: its module script and the preloads of its imports. */
const APP_TAGS = /\s*<(?:script type="module"|link rel="modulepreload")[^>]*>(?:<\/script>)?/g;

/** What a page written after the app's build starts from. */
interface AppBuild {
  /** The project's root. */
  root: string;
  /** Where the build was written. */
  outDir: string;
  /** The built index.html. */
  indexHtml: string;
  /** Fails the build, saying why. */
  fail: (message: string) => never;
}

/** A plugin that writes more of the build once the app's own (index.html included) is written. */
function afterAppBuild(name: string, write: (build: AppBuild) => Promise<void>): Plugin {
  let root = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(output, bundle) {
      const indexHtml = bundle['index.html'];
      if (indexHtml?.type !== 'asset' || !output.dir) return;
      await write({
        root,
        outDir: output.dir,
        indexHtml: String(indexHtml.source),
        fail: (message) => this.error(message),
      });
    },
  };
}

/**
 * Writes landing.html, the landing page as visitors get it (the server sends it for / to
 * requests without a session cookie): the built index.html with the page's markup rendered
 * from the app's own components (src/prerender/landing-page.tsx) and, in place of the app, the
 * page's own small script. Nothing of React ships with it.
 */
function prerenderLandingPage(): Plugin {
  return afterAppBuild('hit21:prerender-landing-page', async ({ root, outDir, indexHtml, fail }) => {
    const scriptFile = await buildPageScript(
      root,
      outDir,
      'landing-page',
      'src/prerender/landing-enhance.ts',
    );
    const { module } = await runnerImport<typeof import('./src/prerender/landing-page.tsx')>(
      '/src/prerender/landing-page.tsx',
      { root, configFile: false, logLevel: 'error' },
    );
    const { title, markup } = module.renderLandingPage();
    const scriptTag = `<script type="module" crossorigin src="/${scriptFile}" nonce="${CSP_NONCE_PLACEHOLDER}"></script>`;
    const html = indexHtml
      .replace(APP_TAGS, '')
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>\n    ${scriptTag}`)
      .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
    if (!html.includes(scriptFile) || !html.includes(markup)) {
      fail('index.html no longer has the shape the landing page is prerendered into');
    }
    await writeFile(path.join(outDir, 'landing.html'), html);
  });
}

/**
 * What the server needs to draw a visitor's page (apps/server/src/plugins/app/web-app.ts):
 * - the app as the server draws it (src/server-render/), built into the folder beside the web
 *   build named after it with "-server" (dist-server/ for dist/), never inside what the server
 *   serves; the libraries bundled in, in React's and React Router's production builds;
 * - drawn-page.html, the app's page for a drawn page: in place of the app's tags, one small
 *   script that asks for them once the page has painted (src/server-render/start-app-after-paint.ts).
 */
function buildServerRenderer(): Plugin {
  return afterAppBuild('hit21:build-server-renderer', async ({ root, outDir, indexHtml, fail }) => {
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(indexHtml)?.[1];
    const preloads = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map(
      (match) => match[1],
    );
    if (!entry) fail("index.html no longer has the app's module script");
    const starter = await buildPageScript(
      root,
      outDir,
      'start-app-after-paint',
      'src/server-render/start-app-after-paint.ts',
    );
    // async: run as soon as it arrives, not once the whole page is parsed, so that the page's
    // taps and forms are held (start-app-after-paint.ts) from as early as can be.
    const starterTag = `<script type="module" async crossorigin src="/${starter}" nonce="${CSP_NONCE_PLACEHOLDER}" data-app="${entry}" data-app-preloads="${preloads.join(' ')}"></script>`;
    const drawnPage = indexHtml.replace(APP_TAGS, '').replace('</title>', `</title>\n    ${starterTag}`);
    if (!drawnPage.includes(starterTag)) fail('index.html no longer has a <title> to put the starter after');
    await writeFile(path.join(outDir, 'drawn-page.html'), drawnPage);

    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      plugins: [zodWithoutEval()],
      resolve: {
        alias: [
          ...reactRouterProduction,
          // Its Node entry requires every language by a computed path no bundler can follow;
          // the browser's registers only the one the app registers (src/lib/countries.ts).
          { find: /^i18n-iso-countries$/, replacement: path.join(i18nCountriesRoot, 'index.js') },
        ],
      },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      ssr: { noExternal: true },
      build: {
        ssr: 'src/server-render/render-page.tsx',
        outDir: `${path.resolve(outDir)}-server`,
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: 'hidden',
      },
    });
  });
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * The fonts the first screen of most pages draws with: headings in Oswald 700, buttons in 600,
 * eyebrows and the header's links in 500, text in Inter 400. Preloaded, they arrive with the
 * stylesheet rather than after it, in time for `font-display: optional` (src/styles/fonts.css)
 * to use them on a first visit: a weight left out kept the fallback font on the first page.
 */
const FIRST_SCREEN_FONTS = [
  'oswald-latin-700-normal',
  'oswald-latin-600-normal',
  'oswald-latin-500-normal',
  'inter-latin-400-normal',
];

function preloadFirstScreenFonts(): Plugin {
  return {
    name: 'hit21:preload-first-screen-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const files = Object.keys(bundle ?? {});
        return FIRST_SCREEN_FONTS.map((font) => {
          const file = files.find((name) => name.startsWith(`assets/${font}-`) && name.endsWith('.woff2'));
          if (!file) throw new Error(`The build has no ${font} font to preload`);
          return {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head',
          };
        });
      },
    },
  };
}

/**
 * zod compiles its object parsers with `new Function` unless configured not to, and the page's
 * CSP refuses eval, so every page logged a CSP violation for the attempt. The setting must be in
 * place before any schema is built, which a call in the app's entry is not (the schemas' chunk
 * runs first): zod's global configuration starts with it instead. Its other parsers are fast
 * enough for our forms.
 */
function zodWithoutEval(): Plugin {
  return {
    name: 'hit21:zod-without-eval',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      const patched = code.replace(
        '(_a.__zod_globalConfig = {})',
        '(_a.__zod_globalConfig = { jitless: true })',
      );
      if (patched === code) this.error('zod no longer starts its global configuration as expected');
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

const i18nCountriesRoot = path.dirname(
  createRequire(import.meta.url).resolve('i18n-iso-countries/package.json'),
);

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    sonnerStylesheetAsCss(),
    zodWithoutEval(),
    preloadFirstScreenFonts(),
    prerenderLandingPage(),
    buildServerRenderer(),
    precompressed(),
  ],
  // Vite marks its tags and a <meta property="csp-nonce"> with this; the server puts each
  // response's nonce in its place (apps/server/src/plugins/app/web-app.ts).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
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
