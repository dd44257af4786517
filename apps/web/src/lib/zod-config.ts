import { z } from 'zod';

/*
 * Imported first by main.tsx, before any schema is built: zod compiles its object parsers with
 * `new Function` unless told not to, and the page's CSP refuses eval, so every page would log a
 * CSP violation for the attempt. The parsers it falls back to are fast enough for our forms.
 */
z.config({ jitless: true });
