import { z } from 'zod';

export const clubSchema = z.object({
  code: z.string().regex(/^[A-Z]{3}$/),
  name: z.string().min(1),
  primaryColour: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
  secondaryColour: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
});
export type Club = z.infer<typeof clubSchema>;

export const clubListSchema = z.object({ clubs: z.array(clubSchema) });
export type ClubList = z.infer<typeof clubListSchema>;
