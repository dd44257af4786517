import type { App } from '../../src/app.ts';
import type { JsonSchema } from './fuzz-values.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route to fuzz, with its inputs as named fields. */
export interface FuzzOperation {
  method: HttpMethod;
  /** With `{name}` where a path parameter goes. */
  path: string;
  pathParams: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  /** The body's fields; `undefined` for a route that reads no body (one is still sent now and then). */
  body: { properties: Record<string, JsonSchema>; required: string[] } | undefined;
  /** better-auth's routes answer in its own error shape. */
  isAuth: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every operation of the OpenAPI document. */
export function openApiOperations(app: App): FuzzOperation[] {
  const document = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const parametersIn = (place: string) =>
        Object.fromEntries(
          parameters.filter((each) => each.in === place).map((each) => [each.name, each.schema ?? {}]),
        );
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      return {
        method: method.toUpperCase() as HttpMethod,
        path,
        pathParams: parametersIn('path'),
        query: parametersIn('query'),
        body: bodySchema
          ? { properties: bodySchema.properties ?? {}, required: bodySchema.required ?? [] }
          : undefined,
        isAuth: false,
      };
    }),
  );
}

const hiddenOperation = (method: HttpMethod, path: string, query: string[] = []): FuzzOperation => ({
  method,
  path,
  pathParams: Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map((match) => [match[1] ?? '', {}])),
  query: Object.fromEntries(query.map((name) => [name, {}])),
  body: method === 'GET' ? undefined : { properties: {}, required: [] },
  isAuth: path.startsWith('/api/auth/'),
});

/**
 * Routes the document does not show, listed by hand: the development mailbox (off in
 * production), and addresses no route serves, under /api and under better-auth's /api/auth.
 */
export const HIDDEN_OPERATIONS: FuzzOperation[] = [
  hiddenOperation('GET', '/dev/mailbox', ['to']),
  hiddenOperation('GET', '/dev/mailbox/messages', ['to']),
  hiddenOperation('GET', '/api/{anything}'),
  hiddenOperation('POST', '/api/{anything}'),
  hiddenOperation('GET', '/api/auth/{anything}'),
  hiddenOperation('POST', '/api/auth/{anything}'),
];

/** Fields better-auth reads that its endpoints do not declare (their bodies are open records). */
const UNDECLARED_AUTH_FIELDS: Record<string, string[]> = {
  '/sign-up/email': ['email', 'password', 'name', 'image', 'callbackURL', 'rememberMe'],
  '/update-user': ['name', 'image'],
  '/sign-out': [],
};

interface AuthEndpoint {
  path?: string;
  options?: {
    method?: string | string[];
    metadata?: { SERVER_ONLY?: boolean };
    body?: { shape?: Record<string, unknown> };
    query?: { shape?: Record<string, unknown> };
  };
}

/**
 * Every route better-auth answers under /api/auth, read from its API, with its fields: the ones
 * switched off are fuzzed too, to show they stay off.
 */
export function authOperations(app: App): FuzzOperation[] {
  const endpoints = Object.values(app.auth.api as unknown as Record<string, AuthEndpoint>);
  return endpoints.flatMap((endpoint) => {
    if (!endpoint.path || endpoint.options?.metadata?.SERVER_ONLY) return [];
    const declared = endpoint.options?.method ?? 'GET';
    const methods = (Array.isArray(declared) ? declared : [declared]).filter(
      (method): method is 'GET' | 'POST' => method === 'GET' || method === 'POST',
    );
    const pathParams = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
    const bodyFields = [
      ...Object.keys(endpoint.options?.body?.shape ?? {}),
      ...(UNDECLARED_AUTH_FIELDS[endpoint.path] ?? []),
    ];
    const queryFields = Object.keys(endpoint.options?.query?.shape ?? {});
    const fields = (names: string[]) => Object.fromEntries(names.map((name) => [name, {}]));
    return methods.map((method) => ({
      method,
      path: `/api/auth${endpoint.path?.replace(/:(\w+)/g, '{$1}')}`,
      pathParams: fields(pathParams),
      query: fields(queryFields),
      body: method === 'POST' ? { properties: fields([...new Set(bodyFields)]), required: [] } : undefined,
      isAuth: true,
    }));
  });
}

export function operationName(operation: FuzzOperation): string {
  return `${operation.method} ${operation.path}`;
}
