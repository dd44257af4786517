/**
 * The clubs Hit21 knows by name, code and colours. Keyed by the stable club code that the
 * Fantasy Premier League data keeps across seasons, so an importer can map any season's
 * team list to the names and three-letter codes the product uses.
 * A club missing here still imports (with the data's own name and code and neutral colours),
 * so a new season's promoted clubs need no code change.
 */
export interface ClubIdentity {
  /** Three-letter code shown in the product, e.g. BRI for Brighton. */
  code: string;
  name: string;
  /** Shirt body colour. */
  primaryColour: string;
  /** Sleeves, collar and trim. */
  secondaryColour: string;
}

export const CLUB_IDENTITIES_BY_FPL_CODE: Readonly<Record<number, ClubIdentity>> = {
  3: { code: 'ARS', name: 'Arsenal', primaryColour: '#EF0107', secondaryColour: '#FFFFFF' },
  7: { code: 'AVL', name: 'Aston Villa', primaryColour: '#670E36', secondaryColour: '#95BFE5' },
  91: { code: 'BOU', name: 'Bournemouth', primaryColour: '#DA291C', secondaryColour: '#000000' },
  94: { code: 'BRE', name: 'Brentford', primaryColour: '#E30613', secondaryColour: '#FFFFFF' },
  36: { code: 'BRI', name: 'Brighton', primaryColour: '#0057B8', secondaryColour: '#FFFFFF' },
  90: { code: 'BUR', name: 'Burnley', primaryColour: '#6C1D45', secondaryColour: '#99D6EA' },
  8: { code: 'CHE', name: 'Chelsea', primaryColour: '#034694', secondaryColour: '#FFFFFF' },
  31: { code: 'CRY', name: 'Crystal Palace', primaryColour: '#1B458F', secondaryColour: '#C4122E' },
  11: { code: 'EVE', name: 'Everton', primaryColour: '#003399', secondaryColour: '#FFFFFF' },
  54: { code: 'FUL', name: 'Fulham', primaryColour: '#FFFFFF', secondaryColour: '#000000' },
  2: { code: 'LEE', name: 'Leeds', primaryColour: '#FFFFFF', secondaryColour: '#1D428A' },
  14: { code: 'LIV', name: 'Liverpool', primaryColour: '#C8102E', secondaryColour: '#00B2A9' },
  43: { code: 'MCI', name: 'Manchester City', primaryColour: '#6CABDD', secondaryColour: '#1C2C5B' },
  1: { code: 'MUN', name: 'Manchester United', primaryColour: '#DA291C', secondaryColour: '#FBE122' },
  4: { code: 'NEW', name: 'Newcastle', primaryColour: '#241F20', secondaryColour: '#FFFFFF' },
  17: { code: 'NFO', name: 'Nottingham Forest', primaryColour: '#DD0000', secondaryColour: '#FFFFFF' },
  56: { code: 'SUN', name: 'Sunderland', primaryColour: '#EB172B', secondaryColour: '#FFFFFF' },
  6: { code: 'TOT', name: 'Tottenham', primaryColour: '#FFFFFF', secondaryColour: '#132257' },
  21: { code: 'WES', name: 'West Ham', primaryColour: '#7A263A', secondaryColour: '#1BB1E7' },
  39: { code: 'WOL', name: 'Wolves', primaryColour: '#FDB913', secondaryColour: '#231F20' },
};

export const NEUTRAL_CLUB_COLOURS = { primaryColour: '#4B5563', secondaryColour: '#FFFFFF' } as const;

/** Three-letter codes are upper-case letters; URLs use them in lower case (/jersey/bri.png). */
export const clubCodeSchemaPattern = /^[A-Z]{3}$/;

/** The jersey image path of a club, as the specification names it. */
export function jerseyPath(clubCode: string): string {
  return `/jersey/${clubCode.toLowerCase()}.png`;
}

/**
 * Black or white text, whichever reads better on the given background colour
 * (WCAG relative luminance; used for club cards and the jersey placeholder).
 */
export function readableTextColour(hexBackground: string): '#000000' | '#FFFFFF' {
  const channels = hexToRgb(hexBackground).map((value) => {
    const ratio = value / 255;
    return ratio <= 0.03928 ? ratio / 12.92 : ((ratio + 0.055) / 1.055) ** 2.4;
  });
  const [red = 0, green = 0, blue = 0] = channels;
  const luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  // Contrast against black is (L + 0.05) / 0.05, against white 1.05 / (L + 0.05).
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000000' : '#FFFFFF';
}

export function hexToRgb(hex: string): [number, number, number] {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #RRGGBB colour: ${hex}`);
  return [
    Number.parseInt(match[1] ?? '0', 16),
    Number.parseInt(match[2] ?? '0', 16),
    Number.parseInt(match[3] ?? '0', 16),
  ];
}
