/**
 * A footballer's name as the product shows it everywhere: squad selection, the pitch, the
 * dashboard, goal alerts and e-mails. First and last name as the data gives them ("Mohamed
 * Salah"), NFC and single-spaced. FPL's `web_name` ("M.Salah", "Bruno G.") is an abbreviation
 * made for its own small cards: it is kept to be searched, never shown. A player with neither
 * name falls back on it.
 */
export function playerDisplayName(player: {
  firstName: string;
  secondName: string;
  webName: string;
}): string {
  const fullName = `${player.firstName} ${player.secondName}`.normalize('NFC').trim().replace(/\s+/gu, ' ');
  return fullName || player.webName.trim();
}
