import { z } from 'zod';
import { catalogPlayerSchema } from '../players/players.schemas.ts';
import { SQUAD_MESSAGES, SQUAD_SIZE } from './squad-rules.ts';

export const saveSquadInputSchema = z.object({
  playerIds: z
    .array(z.uuid('Player not found'), SQUAD_MESSAGES.exactlyFour)
    .length(SQUAD_SIZE, SQUAD_MESSAGES.exactlyFour)
    .refine((ids) => new Set(ids).size === ids.length, SQUAD_MESSAGES.duplicate),
});
export type SaveSquadInput = z.infer<typeof saveSquadInputSchema>;

/** A pick reads like a player of the list, keyed by its player id. */
export const pickSchema = catalogPlayerSchema.omit({ id: true }).extend({ playerId: z.string() });
export type Pick = z.infer<typeof pickSchema>;

export const squadSchema = z.object({
  picks: z.array(pickSchema),
  /** Whether the server will accept a save now (before the deadline, or a first squad after it). */
  isEditable: z.boolean(),
});
export type Squad = z.infer<typeof squadSchema>;
