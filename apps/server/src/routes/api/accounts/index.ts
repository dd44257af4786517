import {
  ACCOUNT_MESSAGES,
  AppError,
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  PASSWORD_MESSAGES,
  resetPasswordInputSchema,
} from '@hit21/core';
import { APIError } from 'better-auth/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findAccountIdByEmail } from '../../../plugins/app/accounts/account-repository.ts';
import { assertWithinAccountRateLimit } from '../../../plugins/app/rate-limits/account-rate-limit.ts';
import {
  beginPasswordCheck,
  passwordCheckLimits,
} from '../../../plugins/app/rate-limits/password-attempts.ts';
import { requestHeaders, SAME_AS_CURRENT_PASSWORD } from '../../../plugins/external/auth.ts';

/** Password recovery and change, with the specification's messages around better-auth's calls. */
const accountRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const limits = () => ({
    perClient: fastify.config.ACCOUNT_RATE_LIMIT_PER_CLIENT,
    perAddress: fastify.config.ACCOUNT_RATE_LIMIT_PER_ADDRESS,
  });

  fastify.post(
    '/api/accounts/forgot-password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Send a password reset link (valid 1 hour, once)',
        body: forgotPasswordInputSchema,
        response: { 200: z.object({ sent: z.literal(true) }) },
      },
    },
    async (request) => {
      const { email } = request.body;
      await assertWithinAccountRateLimit({
        db: fastify.db,
        action: 'forgot-password',
        clientIp: request.ip,
        email,
        limits: limits(),
      });
      const accountId = await findAccountIdByEmail(fastify.db, email);
      // DECISIONS.md keeps this message: sign-up reveals existing accounts anyway, and both are rate-limited.
      if (!accountId)
        throw new AppError('NOT_FOUND', {
          reason: 'ACCOUNT_NOT_FOUND',
          message: `No account for ${email}`,
          userMessage: ACCOUNT_MESSAGES.accountMissing,
        });
      await fastify.auth.api.requestPasswordReset({
        body: { email, redirectTo: '/reset-password' },
        headers: requestHeaders(request),
      });
      return { sent: true as const };
    },
  );

  fastify.post(
    '/api/accounts/reset-password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with a reset token; every session of the user is revoked',
        body: z.intersection(z.object({ token: z.string().min(1).max(512) }), resetPasswordInputSchema),
        response: { 200: z.object({ reset: z.literal(true) }) },
      },
    },
    async (request) => {
      try {
        await fastify.auth.api.resetPassword({
          body: { token: request.body.token, newPassword: request.body.password },
          headers: requestHeaders(request),
        });
      } catch (error) {
        if (error instanceof APIError && error.body?.code === 'INVALID_TOKEN') {
          throw new AppError('INVALID_REQUEST', {
            reason: 'INVALID_RESET_LINK',
            message: 'Invalid or expired reset token',
            userMessage: ACCOUNT_MESSAGES.invalidResetLink,
          });
        }
        if (error instanceof APIError && error.body?.code === SAME_AS_CURRENT_PASSWORD) {
          throw new AppError('INVALID_REQUEST', {
            reason: 'PASSWORD_CHANGE_REFUSED',
            message: 'The new password is the current one',
            userMessage: PASSWORD_MESSAGES.sameAsCurrent,
            issues: [{ path: 'body.password', message: PASSWORD_MESSAGES.sameAsCurrent }],
          });
        }
        throw error;
      }
      return { reset: true as const };
    },
  );

  fastify.post(
    '/api/accounts/change-password',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['accounts'],
        summary: "Change the signed-in user's password; other sessions are signed out",
        body: changePasswordInputSchema,
        response: { 200: z.object({ changed: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const user = await fastify.requireUser(request);
      const attempt = await beginPasswordCheck({
        db: fastify.db,
        userId: user.id,
        clientIp: request.ip,
        limits: passwordCheckLimits(fastify.config),
      });
      try {
        const response = await fastify.auth.api.changePassword({
          body: {
            currentPassword: request.body.currentPassword,
            newPassword: request.body.newPassword,
            revokeOtherSessions: true,
          },
          headers: requestHeaders(request),
          asResponse: true,
        });
        if (!response.ok) {
          const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
          await attempt.settle({ status: response.status, code: body.code });
          if (body.code === 'INVALID_PASSWORD') {
            throw new AppError('INVALID_REQUEST', {
              reason: 'WRONG_CURRENT_PASSWORD',
              message: 'Wrong current password',
              userMessage: 'Current password is incorrect',
              issues: [{ path: 'body.currentPassword', message: 'Current password is incorrect' }],
            });
          }
          throw new AppError('INVALID_REQUEST', {
            reason: 'PASSWORD_CHANGE_REFUSED',
            message: body.message ?? 'Password change refused',
            userMessage: body.message ?? 'An error occurred while updating your password',
          });
        }
        // The session cookie is renewed with the new password; pass it on.
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
      } catch (error) {
        if (error instanceof APIError) {
          throw new AppError('INVALID_REQUEST', { message: error.message, userMessage: error.message });
        }
        throw error;
      }
      return { changed: true as const };
    },
  );
};

export default accountRoutes;
