import { z } from 'zod';
import { POSITIONS } from '../players/positions.ts';
import { SQUAD_MESSAGES, TEAM_SIZE } from './squad-rules.ts';

export const saveTeamInputSchema = z.object({
  playerIds: z
    .array(z.uuid('Player not found'), SQUAD_MESSAGES.exactlyFour)
    .length(TEAM_SIZE, SQUAD_MESSAGES.exactlyFour)
    .refine((ids) => new Set(ids).size === ids.length, SQUAD_MESSAGES.duplicate),
});
export type SaveTeamInput = z.infer<typeof saveTeamInputSchema>;

export const pickSchema = z.object({
  playerId: z.string(),
  name: z.string(),
  webName: z.string(),
  position: z.enum(POSITIONS),
  clubCode: z.string(),
  clubName: z.string(),
  /** Goals this season up to the server clock's now. */
  goals: z.int(),
  lastSeasonGoals: z.int(),
});
export type Pick = z.infer<typeof pickSchema>;

export const teamSchema = z.object({
  picks: z.array(pickSchema),
  /** Whether the server will accept a save now (before the deadline, or a first team after it). */
  isEditable: z.boolean(),
});
export type Team = z.infer<typeof teamSchema>;
