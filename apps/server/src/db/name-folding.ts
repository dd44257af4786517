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

/** Dashes, read as the space between two parts of a name: "jean pierre" finds Jean-Pierre. */
const NAME_DASHES = '-‐‑‒–—―';
/** The other punctuation a name search ignores: "obrien" finds O'Brien. LIKE's wildcards and escape are among it. */
const NAME_PUNCTUATION = `!"#$%&'()*+,./:;<=>?@[\\]^_\`{|}~¡«»¿´·‘’‚‛“”„…′″ʻʼ`;

/**
 * What a name search compares, as SQL's translate() maps characters: the accent folding, the
 * dashes as spaces and the rest of the punctuation dropped (translate drops the characters of
 * `from` past the end of `to`).
 */
export const SEARCH_FOLDING = {
  from: ACCENT_FOLDING.from + NAME_DASHES + NAME_PUNCTUATION,
  to: ACCENT_FOLDING.to + ' '.repeat(NAME_DASHES.length),
};

const PLAIN_CHARACTERS = ' 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

/**
 * A person's name as the name search of the boards and league standings compares it
 * (`standings.search_name`): "Zoë O'Brien-Smith" is "zoe obrien smith"; SEARCH_FOLDING, then
 * lower-cased. translate() compares each character with every one of `from`, far slower than
 * lower-casing at ten million names, so a name of plain letters is only lower-cased and only a
 * name with an accented letter is translated with the accents. Written into the statement (the
 * planner sees constants).
 */
export const searchKeySql = (name: SQL): SQL => {
  const punctuation = SEARCH_FOLDING.from.slice(ACCENT_FOLDING.from.length);
  const spaces = SEARCH_FOLDING.to.slice(ACCENT_FOLDING.to.length);
  const unpunctuated = sql`translate(${name}, ${literal(punctuation)}, ${literal(spaces)})`;
  // Neither set holds a character a bracket expression treats specially.
  return sql`lower(case when ${name} ~ ${literal(`^[${PLAIN_CHARACTERS}]*$`)} then ${name}
    when ${name} ~ ${literal(`[${ACCENT_FOLDING.from}]`)}
      then translate(${unpunctuated}, ${literal(ACCENT_FOLDING.from)}, ${literal(ACCENT_FOLDING.to)})
    else ${unpunctuated} end)`;
};

/**
 * What a person searched, folded as `searchKeySql` folds a name but for the case, which the
 * database lowers on both sides (one case mapping): "O'BRIEN" searches "OBRIEN", lowered there.
 */
export const foldSearch = (search: string): string =>
  [...search]
    .map((character) => {
      const index = SEARCH_FOLDING.from.indexOf(character);
      return index < 0 ? character : (SEARCH_FOLDING.to[index] ?? '');
    })
    .join('');

/**
 * `search` folded as the stored names are, as a LIKE pattern: folding drops its wildcards
 * (punctuation); punctuation alone names nobody (an apostrophe, which no folded name holds).
 */
export function likePattern(search: string): string {
  const key = foldSearch(search);
  return key.trim() === '' ? "'" : `%${key}%`;
}

/** `likePattern`, lower-cased by the database as the stored names are (`searchKeySql`). */
export function namePattern(search: string): SQL {
  return sql`lower(${likePattern(search)})`;
}
