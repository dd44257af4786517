import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../src/db/database.ts';

const LOG_TABLE = 'fuzz_table_writes';

/**
 * Records every row written to the application's tables (but `excluded`), so a test can ask
 * which tables a request changed: a trigger on each table logs each inserted, updated or
 * deleted row, and each truncation. Cheaper than comparing checksums of every table around
 * every request, and stricter: an update that rewrites a row with the same values counts.
 */
export async function watchTableWrites(db: Database, excluded: readonly string[]) {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables = rows.map((row) => row.name).filter((name) => !excluded.includes(name));
  await db.execute(
    sql.raw(
      `create table ${LOG_TABLE} (id bigint generated always as identity primary key, table_name text not null)`,
    ),
  );
  await db.execute(
    sql.raw(`create function fuzz_log_write() returns trigger language plpgsql as $$
      begin insert into ${LOG_TABLE} (table_name) values (tg_table_name); return null; end $$`),
  );
  for (const table of tables) {
    const quoted = `"${table.replaceAll('"', '""')}"`;
    await db.execute(
      sql.raw(`create trigger fuzz_log_row_write after insert or update or delete on ${quoted}
               for each row execute function fuzz_log_write()`),
    );
    await db.execute(
      sql.raw(`create trigger fuzz_log_truncate after truncate on ${quoted}
               for each statement execute function fuzz_log_write()`),
    );
  }

  return {
    tables,
    /** A mark in the log: `writtenSince(mark)` answers the tables written after it. */
    async mark(): Promise<number> {
      const [row] = await selectRows<{ id: string | number | null }>(
        db,
        sql.raw(`select max(id) as id from ${LOG_TABLE}`),
      );
      return Number(row?.id ?? 0);
    },
    async writtenSince(mark: number): Promise<string[]> {
      const written = await selectRows<{ table_name: string }>(
        db,
        sql`select distinct table_name from ${sql.raw(LOG_TABLE)} where id > ${mark} order by table_name`,
      );
      return written.map((row) => row.table_name);
    },
  };
}
