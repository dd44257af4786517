/** The noun for a count, in UK English: 1 player, 0 players, 2 players (irregular plurals passed in). */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}
