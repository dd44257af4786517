// @vitest-environment happy-dom
import { AppError, profileSchema } from '@hit21/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clubsRoutes, profileFixture, seasonRoutes, shellRoutes } from '../testing/fixtures.ts';
import { ok } from '../testing/mock-api.ts';
import { renderScreen } from '../testing/render-screen.tsx';

const COUNTRY_REFUSED = 'Please choose a country from the list';

/** The refusal the server sends for a country it does not know, with the field it names. */
const refusedCountry = new AppError('INVALID_REQUEST', {
  message: `body.country: ${COUNTRY_REFUSED}`,
  userMessage: COUNTRY_REFUSED,
  issues: [{ path: 'body.country', message: COUNTRY_REFUSED }],
}).toBody();

describe('onboarding when the server refuses it', () => {
  it('shows the server refusal under its field, and Back from a later step clears an error', async () => {
    const { user, api } = renderScreen('/onboarding', {
      'GET /api/profile': ok(
        profileSchema,
        profileFixture({
          fullName: '',
          dob: null,
          country: null,
          favouriteClub: null,
          howDidYouHear: null,
          onboardingComplete: false,
          playerSelectionComplete: false,
        }),
      ),
      ...shellRoutes(),
      ...seasonRoutes(),
      ...clubsRoutes(),
      'PUT /api/profile/onboarding': { status: 400, body: refusedCountry },
    });
    await user.type(await screen.findByLabelText('Full Name'), 'Kim Lee');
    await user.type(screen.getByLabelText('Date of Birth'), '1995-01-01');
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'Ireland');
    await user.click(await screen.findByRole('option', { name: 'Ireland' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('combobox', { name: 'Favourite Team' }));
    await user.click(await screen.findByRole('option', { name: 'Chelsea' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('radio', { name: 'Friend' }));
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));

    await screen.findByText(COUNTRY_REFUSED);
    expect(screen.getAllByText('Step 1 of 3')).toHaveLength(1);

    // Back from a later step clears it too; going forward again keeps the choices.
    // A request that never reaches the server (the network drops it).
    api.set({ 'PUT /api/profile/onboarding': () => Promise.reject(new TypeError('Failed to fetch')) });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Complete Setup' }));
    await screen.findByText('An unexpected error occurred. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(screen.queryByText('An unexpected error occurred. Please try again.')).toBeNull(),
    );
  });
});
