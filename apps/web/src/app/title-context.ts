import type { Profile } from '@hit21/core';
import type { TitleContext } from '../config/document-title.ts';
import { countryNameFromStored } from '../lib/countries.ts';

/** The player's own boards, for the titles that name them ("United Kingdom Leaderboard"). */
export function titleContextFor(profile: Profile | null | undefined): TitleContext {
  return {
    country: profile?.country ? countryNameFromStored(profile.country) : null,
    club: profile?.favouriteClub ?? null,
  };
}
