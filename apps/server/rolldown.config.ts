import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'rolldown';

const SERVER_ROOT = path.dirname(fileURLToPath(import.meta.url));

/** A package's name (`fastify`, `node:fs`, `@hit21/core`) rather than a file of ours. */
const isPackage = (id: string) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0');

/**
 * The production server (`npm run build`, decision 014): src/server.ts and @hit21/core, whose
 * package exports TypeScript, bundled into dist/server.js, which Node runs with no TypeScript
 * loader. Every other package stays an import from node_modules, resolved as in development.
 * The bundle reads migrations and season data from this folder (SERVER_ROOT in
 * src/config/env.ts), so it must be written somewhere inside it.
 */
export default defineConfig({
  input: path.join(SERVER_ROOT, 'src/server.ts'),
  platform: 'node',
  external: (id) => isPackage(id) && !id.startsWith('@hit21/'),
  output: {
    dir: path.join(SERVER_ROOT, 'dist'),
    format: 'esm',
    cleanDir: true,
    // Unminified, so a stack trace reads as it is; the map gives TypeScript lines with
    // `node --enable-source-maps`.
    sourcemap: true,
  },
});
