import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * PostgreSQL array literals, sent as one parameter (`$1::text[]`) rather than one parameter
 * per value: a hundred thousand values stay one small statement. Built with one join when no
 * value needs escaping (the usual case, and much faster than escaping each value).
 */
export function textArray(values: readonly string[]): string {
  if (values.length === 0) return '{}';
  const needsEscape = values.some((value) => value.includes('"') || value.includes('\\'));
  const quoted = needsEscape ? values.map((value) => value.replace(/["\\]/g, '\\$&')) : values;
  return `{"${quoted.join('","')}"}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a uuid: anything else, cast to one, fails the statement. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** An instant as microseconds since 1970, as text: how a board version writes it. */
export function microsOf(instant: SQL | AnyColumn): SQL {
  return sql`(extract(epoch from ${instant}) * 1000000)::bigint::text`;
}
