import { type SQL, sql } from 'drizzle-orm';

/** Latin letters that have no decomposition into a base letter and an accent. */
const UNDECOMPOSED_LETTERS: Readonly<Record<string, string>> = {
  Æ: 'a',
  æ: 'a',
  Ð: 'd',
  ð: 'd',
  Đ: 'd',
  đ: 'd',
  Ħ: 'h',
  ħ: 'h',
  ı: 'i',
  ĸ: 'k',
  Ł: 'l',
  ł: 'l',
  Ŋ: 'n',
  ŋ: 'n',
  Ø: 'o',
  ø: 'o',
  Œ: 'o',
  œ: 'o',
  ß: 's',
  Þ: 't',
  þ: 't',
  Ŧ: 't',
  ŧ: 't',
};

/**
 * The accented Latin letters (Latin-1 Supplement to Latin Extended-B) and the plain lower-case
 * letter each sorts as, for SQL's translate(): "İlkay Gündoğan" sorts as "ilkay gundogan".
 * Neither PGlite nor every PostgreSQL has ICU or unaccent, and the default collation differs
 * between databases, so a folded name is compared byte by byte (collate "C") on both.
 */
export const ACCENT_FOLDING = (() => {
  let from = '';
  let to = '';
  for (let codePoint = 0xc0; codePoint <= 0x24f; codePoint += 1) {
    const letter = String.fromCodePoint(codePoint);
    const base = UNDECOMPOSED_LETTERS[letter] ?? letter.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (/^[a-z]$/.test(base)) {
      from += letter;
      to += base;
    }
  }
  return { from, to };
})();

/**
 * A text column with accents and case folded, as the stored generated columns hold it
 * (`players.folded_name`, `clubs.folded_name`, ...). The letters are written into the
 * statement (they hold no quote): a generated column's expression takes no parameters.
 */
export const foldedSql = (column: SQL): SQL =>
  sql`lower(translate(${column}, ${sql.raw(`'${ACCENT_FOLDING.from}'`)}, ${sql.raw(`'${ACCENT_FOLDING.to}'`)}))`;

/** What a person typed, folded the same way: "Gündoğan" and "GUNDOGAN" both search "gundogan". */
export const foldText = (text: string): string =>
  [...text]
    .map((character) => {
      const index = ACCENT_FOLDING.from.indexOf(character);
      return index >= 0 ? ACCENT_FOLDING.to[index] : character;
    })
    .join('')
    .toLowerCase();
