import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Compresses what the server writes per request (the page with its nonce, API answers) with
 * brotli or gzip, as the browser accepts. The web app's built files are compressed once, at
 * build time, and served as they are (web-app.ts); server-sent events are never compressed.
 */
export const compressionPlugin = fp(
  async (fastify) => {
    await fastify.register(compress, { encodings: ['br', 'gzip'] });
  },
  { name: 'compression' },
);
