export const POSITIONS = ['goalkeeper', 'defender', 'midfielder', 'forward'] as const;
export type Position = (typeof POSITIONS)[number];

/** Positions a Hit21 squad may pick from: never a goalkeeper. */
export const OUTFIELD_POSITIONS = [
  'defender',
  'midfielder',
  'forward',
] as const satisfies readonly Position[];

/** FPL's element_type: 1 GK, 2 DEF, 3 MID, 4 FWD. */
export function positionFromFplElementType(elementType: number): Position | undefined {
  return POSITIONS[elementType - 1];
}

export const POSITION_LABELS: Readonly<Record<Position, string>> = {
  goalkeeper: 'Goalkeeper',
  defender: 'Defender',
  midfielder: 'Midfielder',
  forward: 'Forward',
};
