/** A data file the importer refuses, named with the line at fault. Nothing is written. */
export class ImportError extends Error {
  override name = 'ImportError';

  constructor(
    readonly file: string,
    readonly line: number | undefined,
    detail: string,
  ) {
    super(line === undefined ? `${file}: ${detail}` : `${file}, line ${line}: ${detail}`);
  }
}
