/**
 * Profile (spec §2): the account's details with Print, Update Info and Password, for both roles.
 * Its own lazy chunk (the institute form carries the geo data).
 */
import { Alert, Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconKey, IconPencil, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { LIMITS } from '../../../common/constants';
import { PasswordChangeBody, ProfileUpdateBody } from '../../../common/schemas/institute';
import type { PublicUser } from '../../../common/schemas/user';
import { refreshSession, updateSessionUser, useCurrentUser } from '../../auth/session';
import { DetailsTable } from '../../components/details/DetailsTable';
import { ApiForm } from '../../components/forms/ApiForm';
import { PasswordField } from '../../components/forms/fields';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { useApiForm } from '../../components/forms/useApiForm';
import { FullPageLoader } from '../../components/FullPageLoader';
import { notifySuccess } from '../../components/notify';
import { PrintButton } from '../../components/PrintButton';
import { UserIdentity } from '../../components/UserIdentity';
import { useLanguage } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { InstituteFormSections, instituteValues } from '../../institute/InstituteFormSections';
import { instituteFacts } from '../../institute/instituteFacts';
import { ModuleLayout } from '../../resources/ModuleLayout';
import { sectionPath } from '../../shell/sections';
import { profileApi, profileQuery } from './api';
import { PhoneConfirmation } from './PhoneConfirmation';
import { TwoFactorScreen } from './TwoFactorScreen';

const base = sectionPath('profile');
const profilePaths = { view: base, updateInfo: `${base}/update-info`, password: `${base}/update-password`, twoFactor: `${base}/two-factor` };

/** The account from GET /api/v1/profile, the session's copy meanwhile. */
function useProfile(): { user: PublicUser; loading: boolean } {
  const sessionUser = useCurrentUser();
  const query = useQuery(profileQuery);
  return { user: query.data ?? sessionUser, loading: query.isPending };
}

function BackButton() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={profilePaths.view} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
      {t('actions.back')}
    </Button>
  );
}

/** After the link mailed to a new email address (GET /api/auth/confirm-email sends the browser here). */
function EmailConfirmation() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const result = params.get('email_confirmed');
  if (result === null) return null;
  return (
    <Alert color={result === '1' ? 'green' : 'orange'} variant="light" data-testid="email-confirmation">
      {result === '1' ? t('profile.emailConfirmed') : t('profile.emailNotConfirmed')}
    </Alert>
  );
}

function ProfileView() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { user, loading } = useProfile();
  if (loading) return <FullPageLoader minHeight={240} />;
  const entries = instituteFacts.map((fact) => ({ label: fact.label(t), value: fact.value(user, { t, lang }) }));

  return (
    <Stack gap="md">
      <EmailConfirmation />
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4">
          {t('profile.viewTitle')}
        </Title>
        <Group gap="sm" className="print-hide">
          <PrintButton />
          <Button component={Link} to={profilePaths.updateInfo} leftSection={<IconPencil size={16} aria-hidden />}>
            {t('profile.menu.updateInfo')}
          </Button>
        </Group>
      </Group>
      <PhoneConfirmation user={user} />
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} className="print-plain" data-testid="profile-view">
        <Stack gap="md">
          <UserIdentity user={user} />
          <DetailsTable entries={entries} />
        </Stack>
      </Paper>
    </Stack>
  );
}

function ProfileUpdate({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = useApiForm({
    schema: ProfileUpdateBody,
    defaultValues: instituteValues(user),
    onSubmit: async (values) => {
      const { message, data } = await profileApi.updateInfo(values);
      queryClient.setQueryData(profileQuery.queryKey, data.user);
      updateSessionUser(data.user);
      notifySuccess(message);
      await navigate(profilePaths.view);
    },
  });

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('profile.updateTitle')}
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <ApiForm state={state}>
          <InstituteFormSections password="none" />
          <Group gap="sm">
            <SubmitButton label={t('actions.update')} processingLabel={t('actions.processing')} miw={160} />
            <BackButton />
          </Group>
        </ApiForm>
      </Paper>
    </Stack>
  );
}

function ProfileUpdateScreen() {
  const { user, loading } = useProfile();
  if (loading) return <FullPageLoader minHeight={240} />;
  return <ProfileUpdate key={user.updated_at} user={user} />;
}

function PasswordChange() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const state = useApiForm({
    schema: PasswordChangeBody,
    defaultValues: { old_password: '', password: '', password_confirmation: '' },
    onSubmit: async (values) => {
      const { message } = await profileApi.updatePassword(values);
      notifySuccess(message);
      // A temporary password is no longer in use: the dashboard stops asking for a change.
      await refreshSession();
      await navigate(profilePaths.view);
    },
  });

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('profile.passwordTitle')}
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} maw={720}>
        <ApiForm state={state}>
          <Text size="sm" c="dimmed">
            {t('profile.passwordNote')}
          </Text>
          <Fieldset legend={t('profile.menu.password')} variant="filled" p={{ base: 'sm', sm: 'md' }}>
            <Stack gap="md">
              <PasswordField
                name="old_password"
                label={t('profile.fields.old_password')}
                autoComplete="current-password"
                maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PasswordField
                  name="password"
                  label={t('profile.fields.password')}
                  autoComplete="new-password"
                  description={t('register.hints.password', { min: formatNumber(LIMITS.password.min, lang) })}
                />
                <PasswordField name="password_confirmation" label={t('profile.fields.password_confirmation')} autoComplete="new-password" />
              </SimpleGrid>
            </Stack>
          </Fieldset>
          <Group gap="sm">
            <SubmitButton label={t('profile.changePassword')} processingLabel={t('profile.changing')} miw={160} />
            <BackButton />
          </Group>
        </ApiForm>
      </Paper>
    </Stack>
  );
}

export default function ProfileModule() {
  const { t } = useTranslation();
  const admin = useCurrentUser().role === 'admin';
  return (
    <ModuleLayout
      title={t('nav.profile')}
      menu={[
        { label: t('profile.menu.view'), to: profilePaths.view, icon: IconUserCircle },
        { label: t('profile.menu.updateInfo'), to: profilePaths.updateInfo, icon: IconPencil },
        { label: t('profile.menu.password'), to: profilePaths.password, icon: IconKey },
        // Two-factor login is for admins (docs/operators/security.md).
        ...(admin ? [{ label: t('profile.twoFactor.menu'), to: profilePaths.twoFactor, icon: IconShieldLock }] : []),
      ]}
    >
      <Routes>
        <Route index element={<ProfileView />} />
        <Route path="update-info" element={<ProfileUpdateScreen />} />
        <Route path="update-password" element={<PasswordChange />} />
        {admin && <Route path="two-factor" element={<TwoFactorScreen />} />}
      </Routes>
    </ModuleLayout>
  );
}
