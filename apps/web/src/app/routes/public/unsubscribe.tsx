import { AppError, UNSUBSCRIBE_MESSAGES } from '@hit21/core';
import { BellOff, MailCheck, MailWarning, Settings } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { FormAlert } from '../../../features/auth/components/form-alert.tsx';
import { useUnsubscribe } from '../../../features/mail/api/unsubscribe.ts';
import { getUserMessage } from '../../../lib/api-client.ts';

/**
 * The page of the unsubscribe link in the deadline reminders: works without signing in (the
 * link is signed for the player). Nothing changes until the button is pressed, so a mail
 * scanner that opens links cannot unsubscribe anyone.
 */
export default function UnsubscribeRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const unsubscribe = useUnsubscribe();

  if (unsubscribe.isSuccess) {
    return (
      <AuthCard
        icon={MailCheck}
        tone="success"
        title="You're unsubscribed"
        description={
          <p>
            We won't send deadline reminders to{' '}
            <strong className="whitespace-nowrap text-ink">{unsubscribe.data.maskedEmail}</strong> any more.{' '}
            {UNSUBSCRIBE_MESSAGES.unsubscribed}
          </p>
        }
      >
        <SettingsLink />
      </AuthCard>
    );
  }

  if (!token) {
    return (
      <AuthCard
        icon={MailWarning}
        tone="error"
        title="Unsubscribe Failed"
        description={UNSUBSCRIBE_MESSAGES.invalidLink}
      >
        <SettingsLink />
      </AuthCard>
    );
  }

  // A refused link stays refused: only a failure of another kind is worth trying again.
  const isRefused =
    unsubscribe.error instanceof AppError && unsubscribe.error.reason === 'INVALID_UNSUBSCRIBE_LINK';
  return (
    <AuthCard
      icon={BellOff}
      title="Unsubscribe"
      description={
        <p>
          Stop the e-mails that remind you to pick your team before the deadline. Account e-mails, like
          password resets, still arrive.
        </p>
      }
    >
      {unsubscribe.isError ? <FormAlert>{getUserMessage(unsubscribe.error)}</FormAlert> : null}
      {isRefused ? null : (
        <Button
          type="button"
          size="lg"
          isLoading={unsubscribe.isPending}
          disabled={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate(token)}
        >
          {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
        </Button>
      )}
      {unsubscribe.isError ? <SettingsLink /> : null}
    </AuthCard>
  );
}

function SettingsLink() {
  return (
    <Button asChild size="lg" variant="secondary">
      <Link to={paths.settings.getHref()}>
        <Settings aria-hidden="true" />
        Go to Settings
      </Link>
    </Button>
  );
}
