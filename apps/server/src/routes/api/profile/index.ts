import {
  goalAlertsInputSchema,
  onboardingInputSchema,
  profileSchema,
  updateProfileInputSchema,
} from '@hit21/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findOrCreateProfile } from '../../../plugins/app/accounts/profile-repository.ts';
import { updateProfileDetails } from '../../../plugins/app/accounts/update-profile-details.ts';
import { updateGoalAlertPreference } from '../../../plugins/app/notifications/goal-alerts/update-goal-alert-preference.ts';
import { completeOnboarding } from '../../../plugins/app/onboarding/complete-onboarding.ts';

const profileRoutes: FastifyPluginAsyncZod = async (fastify) => {
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
      const profile = await completeOnboarding({
        db: fastify.db,
        user: await fastify.requireUser(request),
        season: await fastify.activeSeason.get(),
        input: request.body,
        now: fastify.clock(),
      });
      // A new member of the boards: placed on them at the next check, soon.
      fastify.standings.requestRefresh();
      return profile;
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
      const profile = await updateProfileDetails({
        db: fastify.db,
        user: await fastify.requireUser(request),
        input: request.body,
        now: fastify.clock(),
      });
      // The name on the boards changes at the next check, soon.
      fastify.standings.requestRefresh();
      return profile;
    },
  );

  fastify.put(
    '/api/profile/goal-alerts',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Choose which goal alerts to get: every goal, big moments only, or none',
        body: goalAlertsInputSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) =>
      updateGoalAlertPreference({
        db: fastify.db,
        user: await fastify.requireUser(request),
        input: request.body,
      }),
  );
};

export default profileRoutes;
