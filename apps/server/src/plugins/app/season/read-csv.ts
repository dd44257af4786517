import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { ImportError } from './import-error.ts';

/**
 * Reads a CSV file with a header row and validates every row against `rowSchema`.
 * Any fault (unreadable file, missing column, broken quoting, bad value) becomes an
 * ImportError naming the file and its line.
 */
export async function readCsvRows<Schema extends z.ZodObject>(
  filePath: string,
  rowSchema: Schema,
  displayRoot: string,
): Promise<{ row: z.infer<Schema>; line: number }[]> {
  const displayName = path.relative(displayRoot, filePath) || filePath;
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    throw new ImportError(
      displayName,
      undefined,
      `cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`,
    );
  }

  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, { columns: true, bom: true, skip_empty_lines: true, info: true }) as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      throw new ImportError(
        displayName,
        Number(error.lines) || undefined,
        error.message.replace(/^Invalid Record Length: /, ''),
      );
    }
    throw error;
  }

  const header = text
    .slice(0, text.search(/\r?\n|$/))
    .replace(/^\uFEFF/, '')
    .split(',');
  const missing = Object.keys(rowSchema.shape).filter((column) => !header.includes(column));
  if (missing.length > 0) throw new ImportError(displayName, 1, `missing column ${missing.join(', ')}`);

  return records.map(({ record, info }) => {
    const result = rowSchema.safeParse(record);
    if (!result.success) {
      const issue = result.error.issues[0];
      const column = issue?.path.join('.') ?? '';
      throw new ImportError(
        displayName,
        info.lines,
        `column ${column}: ${issue?.message} (value "${record[column] ?? ''}")`,
      );
    }
    return { row: result.data, line: info.lines };
  });
}
