import fc from 'fast-check';

/** The part of a JSON schema (as the OpenAPI document has it) that plausible values read. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
}

/** Values that exist in the database under test, so some requests get past "not found". */
export interface FuzzPools {
  emails: string[];
  playerIds: string[];
  clubNames: string[];
}

/** A one-million-character e-mail address (it was used as a rate-limit key before validation). */
export const HUGE_EMAIL = `${'a'.repeat(1_000_000 - '@example.com'.length)}@example.com`;

/**
 * `depth` arrays one inside the other. Kept as a marker and written out by `toJson`: the
 * test's own `JSON.stringify` would overflow the stack on it.
 */
export class DeepNesting {
  constructor(readonly depth: number) {}
}

/** JSON text of a fuzz value, deep nesting included, without recursing into the nesting. */
export function toJson(value: unknown): string {
  if (value instanceof DeepNesting) return `${'['.repeat(value.depth)}"x"${']'.repeat(value.depth)}`;
  if (Array.isArray(value)) return `[${value.map((item) => toJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .map(([key, member]) => `${JSON.stringify(key)}:${toJson(member)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const TRICKY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'e\u0301',
  '\u202eevil',
  '\u200b\u200b',
  '\r\n\t',
  '😀👩‍👩‍👧',
  'İlkay Gündoğan',
  "'; drop table users; --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'null',
  '__proto__',
  'constructor',
  'javascript:alert(1)',
  'https://evil.example/',
  '0',
  '-1',
  '1e309',
  '9999999999999999999999',
  '2025-02-30',
];

/** Any text: short random text in every unit (lone surrogates included), known troublemakers, long runs. */
export const fuzzString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 4, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 200 }).map((count) => 'x'.repeat(count * 100)) },
  { weight: 1, arbitrary: fc.constantFrom(HUGE_EMAIL, `${'é'.repeat(300_000)}@example.com`) },
);

/** Text that fits in a URL: no megabyte strings. */
export const fuzzUrlString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 4, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 100 }).map((count) => 'x'.repeat(count * 100)) },
);

/** Any JSON value of a wrong kind or shape: every type, edge numbers, deep nesting, odd keys. */
export const fuzzValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fuzzString },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.double(),
      fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 5e-324, 0.5),
    ),
  },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fuzzString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fuzzUrlString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 50_000 }).map((depth) => new DeepNesting(depth)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

function plausibleString(schema: JsonSchema, pools: FuzzPools): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'email':
      return fc.oneof(fc.constantFrom(...pools.emails), fc.emailAddress());
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'uuid':
      return fc.oneof(fc.uuid(), ...(pools.playerIds.length ? [fc.constantFrom(...pools.playerIds)] : []));
    case 'uri':
      return fc.webUrl();
  }
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 30, 200)) });
}

/** A value that satisfies (or nearly satisfies) `schema`: what gets a request past validation. */
export function plausibleValue(schema: JsonSchema, pools: FuzzPools): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((each) => plausibleValue(each, pools)));
  if (schema.allOf?.length) return plausibleValue(schema.allOf[0] ?? {}, pools);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => plausibleValue({ ...schema, type }, pools)));
  }
  switch (types[0]) {
    case 'string':
      return plausibleString(schema, pools);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -11) + 1;
      const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1001) - 1;
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 5, 10));
      return fc.array(plausibleValue(schema.items ?? {}, pools), { minLength, maxLength });
    }
    case 'object':
      return fuzzObject(schema.properties ?? {}, schema.required ?? [], pools);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Hints by field name, for fields whose schema says little (better-auth's, and ids). */
function fieldHint(name: string, pools: FuzzPools): fc.Arbitrary<unknown> | undefined {
  const lower = name.toLowerCase();
  if (lower.includes('email')) return fc.oneof(fc.constantFrom(...pools.emails), fc.emailAddress());
  if (lower.includes('password'))
    return fc.constantFrom('Wrong#Password1', 'short', 'NoDigitsHere!', 'Kickoff#2026x');
  if (lower === 'playerids') return fc.shuffledSubarray(pools.playerIds, { minLength: 4, maxLength: 4 });
  if (lower.includes('team') || lower.includes('club')) return fc.constantFrom(...pools.clubNames);
  if (lower.includes('url') || lower === 'redirectto') {
    return fc.constantFrom('/dashboard', 'https://evil.example/', '//evil.example', 'javascript:alert(1)');
  }
  if (lower === 'name' || lower === 'fullname') return fc.constantFrom('Jordan Fan', 'Zoë Ødegaard', 'A');
  return undefined;
}

/** A value for one named field: plausible for it most of the time, anything at all otherwise. */
export function fuzzField(name: string, schema: JsonSchema, pools: FuzzPools): fc.Arbitrary<unknown> {
  const hint = fieldHint(name, pools);
  return fc.oneof(
    { weight: 3, arbitrary: plausibleValue(schema, pools) },
    ...(hint ? [{ weight: 2, arbitrary: hint }] : []),
    { weight: 3, arbitrary: fuzzValue },
  );
}

/** An object of the named fields (each maybe left out) and now and then an unexpected extra field. */
export function fuzzObject(
  properties: Record<string, JsonSchema>,
  required: readonly string[],
  pools: FuzzPools,
): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, fuzzField(name, schema, pools)]),
  );
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: required.filter((name) => name in fields) }),
      fc.dictionary(fc.constantFrom('extra', 'role', 'emailVerified', 'id', 'isAdmin'), fuzzValue, {
        maxKeys: 2,
      }),
      fc.boolean(),
    )
    .map(([record, extra, withExtra]) => (withExtra ? { ...record, ...extra } : record));
}
