/**
 * Public configuration, read once at boot. Only `VITE_*` values reach the browser; nothing
 * secret belongs here. A bad value fails fast, naming the key.
 */
export interface Env {
  /** Origin of the API, without a trailing slash. Empty means same origin (the default). */
  API_URL: string;
}

export function parseEnv(source: Record<string, unknown>): Env {
  const problems: string[] = [];
  const apiUrl = source.VITE_API_URL ?? '';
  if (typeof apiUrl !== 'string' || (apiUrl !== '' && !/^https?:\/\/[^/\s]+/.test(apiUrl))) {
    problems.push('VITE_API_URL must be empty or an absolute http(s) URL');
  }
  if (problems.length > 0) {
    throw new Error(`Invalid environment:\n- ${problems.join('\n- ')}`);
  }
  return { API_URL: String(apiUrl).replace(/\/+$/, '') };
}

export const env = parseEnv(import.meta.env);
