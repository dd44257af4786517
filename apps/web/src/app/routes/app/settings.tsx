import type { Profile } from '@hit21/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Container } from '../../../components/layouts/container.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { PasswordStrength } from '../../../features/auth/components/password-strength.tsx';
import { forgetSignedInUser, markSessionEnding } from '../../../features/auth/hooks/use-end-session.ts';
import { useClubs } from '../../../features/clubs/api/list-clubs.ts';
import { ChangePasswordDialog } from '../../../features/settings/components/change-password-dialog.tsx';
import { DeleteAccountDialog } from '../../../features/settings/components/delete-account-dialog.tsx';
import { GoalAlertsPreference } from '../../../features/settings/components/goal-alerts-preference.tsx';
import { LockedProfileFields } from '../../../features/settings/components/locked-profile-fields.tsx';
import { MarketingPreference } from '../../../features/settings/components/marketing-preference.tsx';
import { ProfileDetailsForm } from '../../../features/settings/components/profile-details-form.tsx';
import { SettingsFaqs } from '../../../features/settings/components/settings-faqs.tsx';
import { getUserMessage } from '../../../lib/api-client.ts';
import { countryNameFromStored, findCountryByName } from '../../../lib/countries.ts';
import { useProfile } from '../../../lib/queries/get-profile.ts';

export default function SettingsRoute() {
  const profile = useProfile();

  let content: ReactNode;
  if (profile.isError) {
    content = <QueryError message={getUserMessage(profile.error)} onRetry={() => profile.refetch()} />;
  } else if (profile.data === null) {
    return <Navigate to={paths.login.getHref()} replace />;
  } else if (profile.data === undefined) {
    content = <SettingsSkeleton />;
  } else {
    content = <SettingsTabs profile={profile.data} />;
  }

  return (
    <>
      <PageHeader title="Settings" description="Your profile, password, emails and account." />
      <Container className="py-6 sm:py-10">{content}</Container>
    </>
  );
}

function SettingsTabs({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const clubs = useClubs();
  const countryName = profile.country ? countryNameFromStored(profile.country) : null;
  const club = clubs.data?.clubs.find((candidate) => candidate.name === profile.favouriteClub);
  return (
    <Tabs defaultValue="profile" className="mx-auto flex max-w-5xl flex-col">
      <TabsList aria-label="Settings sections" className="self-start">
        <TabsTrigger value="profile">Profile Info</TabsTrigger>
        <TabsTrigger value="faqs">FAQs</TabsTrigger>
      </TabsList>

      <TabsContent value="profile" className="mt-6 grid items-start gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <SettingsCard
            title="Personal Details"
            description="The name other players see, and your date of birth."
          >
            <ProfileDetailsForm profile={profile} />
          </SettingsCard>
          <SettingsCard title="Account Details">
            <LockedProfileFields
              email={profile.email}
              country={countryName ? { name: countryName, code: findCountryByName(countryName)?.code } : null}
              favouriteClub={profile.favouriteClub}
              club={club}
            />
          </SettingsCard>
        </div>
        <div className="flex flex-col gap-6">
          <SettingsCard title="Password" description="Use a password you don't use anywhere else.">
            <ChangePasswordDialog
              renderPasswordStrength={(password, checklistId) => (
                <PasswordStrength password={password} checklistId={checklistId} />
              )}
            />
          </SettingsCard>
          <SettingsCard title="Email Preferences">
            <MarketingPreference profile={profile} />
          </SettingsCard>
          <SettingsCard
            title="Goal Alerts"
            description="Which goals by your players reach your notifications."
          >
            <GoalAlertsPreference profile={profile} />
          </SettingsCard>
          <SettingsCard
            title="Danger Zone"
            description="Delete your account and everything in it. This cannot be undone."
            className="ring-1 ring-bust-500/30"
          >
            <DeleteAccountDialog
              onAccountDeleted={() => forgetSignedInUser(queryClient)}
              markSessionEnding={markSessionEnding}
            />
          </SettingsCard>
        </div>
      </TabsContent>

      <TabsContent value="faqs" className="mt-6 flex max-w-3xl flex-col gap-4">
        <h2 className="font-display font-semibold text-2xl text-felt-900 uppercase tracking-wide">
          Profile Questions
        </h2>
        <SettingsFaqs />
      </TabsContent>
    </Tabs>
  );
}

function SettingsCard({
  title,
  description,
  className,
  children,
}: {
  title: string;
  description?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function SettingsSkeleton() {
  return (
    <div aria-busy="true" className="mx-auto flex max-w-5xl flex-col gap-6">
      <span className="sr-only" role="status">
        Loading your settings...
      </span>
      <Skeleton className="h-13 w-64 rounded-xl" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-96 rounded-2xl" />
        <div className="flex flex-col gap-6">
          <Skeleton className="h-36 rounded-2xl" />
          <Skeleton className="h-36 rounded-2xl" />
          <Skeleton className="h-36 rounded-2xl" />
        </div>
      </div>
    </div>
  );
}
