import fc from 'fast-check';
import type { FuzzOperation } from './fuzz-operations.ts';
import {
  DeepNesting,
  type FuzzPools,
  fuzzField,
  fuzzObject,
  fuzzUrlString,
  fuzzValue,
  HUGE_EMAIL,
  plausibleValue,
  toJson,
} from './fuzz-values.ts';

/** One generated request, ready for `app.inject`. */
export interface FuzzRequest {
  url: string;
  payload?: string;
  contentType?: string;
  /** A forged or mangled session cookie, for visitors who have none of their own. */
  forgedCookie?: string;
}

/** Session cookies that are not ours: garbage, a token without its signature, broken text. */
const forgedCookie = fc.option(
  fc
    .tuple(
      fc.constantFrom(
        'better-auth.session_token',
        '__Secure-better-auth.session_token',
        'better-auth.session_data',
      ),
      fuzzUrlString,
    )
    .map(([name, value]) => `${name}=${encodeLoose(value)}`),
  { nil: undefined, freq: 3 },
);

/** Bodies no parser should trip over: cut-off JSON, prototype poisoning, the wrong content type. */
const RAW_BODIES = [
  '{',
  '{"email":',
  '',
  'null',
  '[]',
  '"text"',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '\u0000',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '\ufeff{}',
];

/** Percent-encodes text for a URL; unpaired surrogates become the bytes of a broken UTF-8 sequence. */
export function encodeLoose(text: string): string {
  return text
    .split(/(\p{Cs})/u)
    .map((part) => (/^\p{Cs}$/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

/** Raw URL pieces that are not valid percent-encoding, sent as they are. */
const RAW_URL_PIECES = ['%', '%zz', '%ED%A0%80', '%C0%AE%C0%AE', '%00', '%2e%2e%2f'];

const urlPiece = (plausible: fc.Arbitrary<unknown>) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: plausible.map((value) => encodeLoose(typeof value === 'string' ? value : toJson(value))),
    },
    { weight: 3, arbitrary: fuzzUrlString.map(encodeLoose) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PIECES) },
  );

function bodyOf(operation: FuzzOperation, pools: FuzzPools): fc.Arbitrary<Omit<FuzzRequest, 'url'>> {
  const json = (value: unknown) => ({ payload: toJson(value), contentType: 'application/json' });
  const fields = operation.body ?? { properties: {}, required: [] };
  return fc.oneof(
    {
      weight: operation.body ? 8 : 1,
      arbitrary: fuzzObject(fields.properties, fields.required, pools).map(json),
    },
    { weight: 1, arbitrary: fuzzValue.map(json) },
    {
      weight: 1,
      arbitrary: fc.record({
        payload: fc.constantFrom(...RAW_BODIES),
        contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
      }),
    },
    { weight: operation.body ? 1 : 6, arbitrary: fc.constant({}) },
  );
}

/** Requests for `operation`: every path parameter, query field and body field arbitrary. */
export function fuzzRequests(operation: FuzzOperation, pools: FuzzPools): fc.Arbitrary<FuzzRequest> {
  const pathParams = fc.record(
    Object.fromEntries(
      Object.entries(operation.pathParams).map(([name, schema]) => [
        name,
        urlPiece(plausibleValue(schema, pools)),
      ]),
    ),
  );
  const query = fc.record(
    Object.fromEntries(
      Object.entries(operation.query).map(([name, schema]) => [
        name,
        fc.oneof(
          urlPiece(fuzzField(name, schema, pools)),
          // The same field twice: Fastify reads it as an array.
          fc
            .tuple(urlPiece(fuzzField(name, schema, pools)), fuzzUrlString)
            .map(([first, second]) => `${first}&${encodeURIComponent(name)}=${encodeLoose(second)}`),
        ),
      ]),
    ),
    { requiredKeys: [] },
  );
  const extraQuery = fc.option(fc.tuple(fuzzUrlString, fuzzUrlString), { nil: undefined });
  const hasBody = operation.method !== 'GET';
  return fc
    .tuple(pathParams, query, extraQuery, hasBody ? bodyOf(operation, pools) : fc.constant({}), forgedCookie)
    .map(([params, fields, extra, body, cookie]) => {
      const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => params[name] ?? 'x');
      const pairs = Object.entries(fields).map(([name, value]) => `${encodeURIComponent(name)}=${value}`);
      if (extra) pairs.push(`${encodeLoose(extra[0])}=${encodeLoose(extra[1])}`);
      return {
        url: pairs.length ? `${path}?${pairs.join('&')}` : path,
        ...body,
        ...(cookie ? { forgedCookie: cookie } : {}),
      };
    });
}

/**
 * The causes of server errors found before, replayed on every run whatever the random draw:
 * a NUL character in every query field and in every body field, a body nested 100,000 deep, a
 * one-million-character e-mail address, and a name that is null, an object or an array.
 */
export function knownBadRequests(operation: FuzzOperation): FuzzRequest[] {
  const path = operation.path.replace(/\{(\w+)\}/g, 'x');
  const queryFields = Object.keys(operation.query);
  const requests: FuzzRequest[] = [];
  if (queryFields.length > 0) {
    requests.push({
      url: `${path}?${queryFields.map((name) => `${encodeURIComponent(name)}=a%00b`).join('&')}`,
    });
  }
  if (operation.method === 'GET') return requests;
  const bodyFields = Object.keys(operation.body?.properties ?? {});
  const json = (value: unknown): FuzzRequest => ({
    url: path,
    payload: toJson(value),
    contentType: 'application/json',
  });
  requests.push(json(Object.fromEntries(bodyFields.map((name) => [name, 'a\u0000b']))));
  requests.push(json({ [bodyFields[0] ?? 'value']: new DeepNesting(100_000) }));
  for (const field of bodyFields.filter((name) => name.toLowerCase().includes('email'))) {
    requests.push(json({ [field]: HUGE_EMAIL, password: 'Kickoff#2026x', name: 'Jordan Fan' }));
  }
  if (bodyFields.includes('name')) {
    for (const name of [null, { first: 'Jordan' }, ['Jordan']]) requests.push(json({ name }));
  }
  return requests;
}
