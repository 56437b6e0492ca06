/**
 * The admin's two-factor login (docs/operators/security.md): turning it on (QR code from the server as SVG, the key
 * to type by hand, the password and a confirming code), the recovery codes shown once, turning it off with
 * the password and a code, and the policy that every admin must use it.
 */
import { Alert, Badge, Button, Code, Group, Image, List, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup } from '../../../common/schemas/two-factor';
import { twoFactorApi, twoFactorQuery } from '../../api/twoFactor';
import { FullPageLoader } from '../../components/FullPageLoader';
import { failureMessage, notifyError, notifySuccess } from '../../components/notify';
import { useLanguage } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { CodeForm } from './CodeForm';

function Enrolment({ onDone }: { onDone: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      setSetup((await twoFactorApi.setup()).data);
    } catch (failure) {
      notifyError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  if (!setup)
    return (
      <Button onClick={() => void start()} loading={busy} leftSection={<IconShieldLock size={16} aria-hidden />} w="fit-content">
        {t('profile.twoFactor.start')}
      </Button>
    );
  return (
    <Stack gap="sm">
      <Text size="sm">{t('profile.twoFactor.scan')}</Text>
      <Image src={`data:image/svg+xml;base64,${btoa(setup.qr_svg)}`} alt={t('profile.twoFactor.qrAlt')} w={200} h={200} bg="white" />
      <Text size="sm">{t('profile.twoFactor.manual')}</Text>
      <Code data-testid="two-factor-secret" style={{ overflowWrap: 'anywhere', width: 'fit-content' }}>
        {setup.secret}
      </Code>
      <Text size="sm">{t('profile.twoFactor.confirm')}</Text>
      <CodeForm
        label={t('profile.twoFactor.code')}
        passwordLabel={t('profile.twoFactor.password')}
        submitLabel={t('profile.twoFactor.enable')}
        testId="two-factor-enable"
        onCode={async (code, password) => {
          const { message, data } = await twoFactorApi.enable({ code, password });
          notifySuccess(message);
          onDone(data.recovery_codes);
        }}
      />
    </Stack>
  );
}

export function TwoFactorScreen() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const status = useQuery(twoFactorQuery);
  /** Shown once, right after enrolment; the server keeps only their digests. */
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey });
  if (status.isPending) return <FullPageLoader minHeight={240} />;
  if (status.isError) return <Alert color="red">{failureMessage(status.error)}</Alert>;
  const { enabled, required, recovery_codes_left } = status.data;

  return (
    <Stack gap="md" maw={720}>
      <Group gap="sm">
        <Title order={2} size="h4">
          {t('profile.twoFactor.title')}
        </Title>
        <Badge color={enabled ? 'green' : 'gray'} data-testid="two-factor-state">
          {enabled ? t('profile.twoFactor.on') : t('profile.twoFactor.off')}
        </Badge>
      </Group>
      <Text size="sm">{t('profile.twoFactor.intro')}</Text>
      <Text size="sm" c="dimmed">
        {t('profile.twoFactor.otherSessions')}
      </Text>
      {recovery ? (
        <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('profile.twoFactor.recoveryTitle')}
            </Title>
            <Text size="sm">{t('profile.twoFactor.recoveryNote')}</Text>
            <List data-testid="recovery-codes" spacing={4} ff="monospace">
              {recovery.map((code) => (
                <List.Item key={code}>{code}</List.Item>
              ))}
            </List>
            <Button w="fit-content" onClick={() => setRecovery(null)}>
              {t('profile.twoFactor.recoveryDone')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
          {enabled ? (
            <Stack gap="sm">
              <Text size="sm">{t('profile.twoFactor.recoveryLeft', { n: formatNumber(recovery_codes_left, lang) })}</Text>
              <Title order={3} size="h5">
                {t('profile.twoFactor.disableTitle')}
              </Title>
              <Text size="sm">{t('profile.twoFactor.disableNote')}</Text>
              <CodeForm
                label={t('profile.twoFactor.code')}
                passwordLabel={t('profile.twoFactor.password')}
                submitLabel={t('profile.twoFactor.disable')}
                testId="two-factor-disable"
                onCode={async (code, password) => {
                  notifySuccess((await twoFactorApi.disable({ code, password })).message);
                  await refresh();
                }}
              />
            </Stack>
          ) : (
            <Enrolment
              onDone={(codes) => {
                setRecovery(codes);
                void refresh();
              }}
            />
          )}
        </Paper>
      )}
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('profile.twoFactor.policyTitle')}
          </Title>
          <Switch
            label={t('profile.twoFactor.policy')}
            description={t('profile.twoFactor.policyNote')}
            checked={required}
            data-testid="two-factor-policy"
            onChange={(event) => {
              const next = event.currentTarget.checked;
              void twoFactorApi
                .policy(next)
                .then(({ message }) => notifySuccess(message))
                .then(refresh)
                .catch((failure: unknown) => notifyError(failureMessage(failure)));
            }}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
