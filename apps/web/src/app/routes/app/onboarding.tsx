import { Navigate } from 'react-router';
import { Container } from '../../../components/layouts/container.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { LOADING_MESSAGES } from '../../../config/loading-messages.ts';
import { paths } from '../../../config/paths.ts';
import { useClubs } from '../../../features/clubs/api/list-clubs.ts';
import { CountryCombobox } from '../../../features/countries/components/country-combobox.tsx';
import { OnboardingWizard } from '../../../features/onboarding/components/onboarding-wizard.tsx';
import { onboardingDefaults } from '../../../features/onboarding/onboarding-form.ts';
import { getUserMessage } from '../../../lib/api-client.ts';
import { countryNameFromStored } from '../../../lib/countries.ts';
import { useProfile } from '../../../lib/queries/get-profile.ts';

export default function OnboardingRoute() {
  const profile = useProfile();
  const clubs = useClubs();
  const clubList = clubs.data?.clubs;

  if (profile.isError || clubs.isError) {
    return (
      <>
        <PageHeader title="Set Up Your Profile" />
        <Container>
          <QueryError
            message={getUserMessage(profile.error ?? clubs.error)}
            onRetry={() => {
              if (profile.isError) profile.refetch();
              if (clubs.isError) clubs.refetch();
            }}
          />
        </Container>
      </>
    );
  }

  if (profile.data === null) return <Navigate to={paths.login.getHref()} replace />;

  if (profile.data === undefined || !clubList) {
    return <LoadingScreen message={LOADING_MESSAGES.profileSetup} />;
  }

  return (
    <>
      <PageHeader
        title="Set Up Your Profile"
        eyebrow="Welcome to Hit21"
        description="Three quick steps, then you pick the four players you think will score 21 goals this season."
      />
      <Container className="py-6 sm:py-12">
        <Card className="mx-auto max-w-2xl">
          <OnboardingWizard
            // The form reads these once: later profile refetches do not overwrite what is typed.
            defaultValues={onboardingDefaults(profile.data, clubList, countryNameFromStored)}
            clubs={clubList}
            CountryPicker={CountryCombobox}
          />
        </Card>
      </Container>
    </>
  );
}
