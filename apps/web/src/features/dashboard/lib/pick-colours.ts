/**
 * One colour per pick slot for its goal dots and its breakdown row. None is a status colour
 * (green, amber, red) or the target's gold, and each is at least 3:1 on white.
 */
export const PICK_COLOURS = ['#2563eb', '#9333ea', '#0d9488', '#db2777'] as const;

export function pickColour(pickIndex: number): string {
  return PICK_COLOURS[pickIndex % PICK_COLOURS.length] ?? PICK_COLOURS[0];
}
