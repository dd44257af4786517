import {
  AppError,
  dateOfBirthProblem,
  onboardingInputSchema,
  profileSchema,
  updateProfileInputSchema,
} from '@hit21/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isKnownCountryName } from '../../../plugins/app/accounts/countries.ts';
import { findOrCreateProfile, updateProfile } from '../../../plugins/app/accounts/profile-repository.ts';
import { findActiveSeason, listSeasonClubs } from '../../../plugins/app/season/season-repository.ts';
import { markStandingsStale } from '../../../plugins/app/standings/standings-inputs.ts';

function invalid(path: string, message: string): AppError {
  return new AppError('INVALID_REQUEST', {
    message: `${path}: ${message}`,
    userMessage: message,
    issues: [{ path, message }],
  });
}

const profileRoutes: FastifyPluginAsyncZod = async (fastify) => {
  function assertAdult(dob: string) {
    const problem = dateOfBirthProblem(dob, fastify.clock());
    if (problem) throw invalid('body.dob', problem);
  }

  fastify.get(
    '/api/profile',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's profile",
        response: { 200: profileSchema },
      },
    },
    async (request) => findOrCreateProfile(fastify.db, await fastify.requireUser(request)),
  );

  fastify.put(
    '/api/profile/onboarding',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Complete the three onboarding steps',
        body: onboardingInputSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const user = await fastify.requireUser(request);
      const input = request.body;
      assertAdult(input.dob);
      if (!isKnownCountryName(input.country))
        throw invalid('body.country', 'Please choose a country from the list');
      const season = await findActiveSeason(fastify.db, fastify.config.SEASON_ID);
      const clubNames = (await listSeasonClubs(fastify.db, season.id)).map((club) => club.name);
      if (!clubNames.includes(input.favouriteTeam)) {
        throw invalid('body.favouriteTeam', 'Please select your favourite team');
      }
      await findOrCreateProfile(fastify.db, user);
      await updateProfile(fastify.db, user.id, {
        fullName: input.fullName,
        dob: input.dob,
        country: input.country,
        favouriteTeam: input.favouriteTeam,
        // The specification stores the free text when Other was chosen.
        howDidYouHear:
          input.howDidYouHear === 'other' ? (input.howDidYouHearOther ?? 'other') : input.howDidYouHear,
        onboardingComplete: true,
      });
      await markStandingsStale(fastify.db);
      return findOrCreateProfile(fastify.db, user);
    },
  );

  fastify.patch(
    '/api/profile',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Change the full name and date of birth (the only editable fields)',
        body: updateProfileInputSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const user = await fastify.requireUser(request);
      assertAdult(request.body.dob);
      await findOrCreateProfile(fastify.db, user);
      await updateProfile(fastify.db, user.id, { fullName: request.body.fullName, dob: request.body.dob });
      await markStandingsStale(fastify.db);
      return findOrCreateProfile(fastify.db, user);
    },
  );
};

export default profileRoutes;
