/**
 * The account's mobile number, confirmed or not, and its confirmation by a code sent as SMS
 * (docs/operators/security.md): a number held unconfirmed can be released by the admin to another school, a confirmed one never.
 */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '../../../common/schemas/user';
import { updateSessionUser } from '../../auth/session';
import { failureMessage, notifyError, notifySuccess } from '../../components/notify';
import { useLanguage } from '../../i18n';
import { formatNumber, localizeDigits } from '../../i18n/format';
import { profileApi, profileQuery } from './api';
import { CodeForm } from './CodeForm';

export function PhoneConfirmation({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!user.phone_number) return null;
  const confirmed = user.phone_confirmed_at !== null;

  const send = async () => {
    setBusy(true);
    try {
      notifySuccess((await profileApi.sendPhoneCode()).message);
      setSent(true);
    } catch (failure) {
      notifyError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (code: string) => {
    const { message, data } = await profileApi.confirmPhone(code);
    queryClient.setQueryData(profileQuery.queryKey, data.user);
    updateSessionUser(data.user);
    notifySuccess(message);
    setSent(false);
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} className="print-hide" data-testid="phone-confirmation">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Text fw={600}>{t('profile.phone.title')}</Text>
          {/* Read, like the profile's details below, so in the language's digits. */}
          <Text>{localizeDigits(user.phone_number, lang)}</Text>
          <Badge color={confirmed ? 'green' : 'orange'} variant="light" data-testid="phone-status">
            {confirmed ? t('profile.phone.confirmed') : t('profile.phone.notConfirmed')}
          </Badge>
        </Group>
        {!confirmed && (
          <>
            <Text size="sm" c="dimmed">
              {t('profile.phone.why')}
            </Text>
            <Button
              variant={sent ? 'default' : 'filled'}
              leftSection={<IconMessage size={16} aria-hidden />}
              loading={busy}
              onClick={() => void send()}
              w="fit-content"
            >
              {sent ? t('profile.phone.sendAgain') : t('profile.phone.send')}
            </Button>
            {sent && (
              <CodeForm
                label={t('profile.phone.code', { n: formatNumber(6, lang) })}
                submitLabel={t('profile.phone.confirm')}
                onCode={confirm}
                testId="phone-code-form"
              />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
