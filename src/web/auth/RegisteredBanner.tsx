/** After registration: success, how to go on, and the new institute id to keep (spec §2). */
import { Alert, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localizeDigits } from '../i18n/format';
import { useLanguage } from '../i18n';

export function RegisteredBanner({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Alert color="teal" variant="light" title={t('registered.title')} icon={<IconCircleCheck aria-hidden />} data-testid="registered-banner">
      <Text size="sm">{t('registered.body')}</Text>
      <Text size="sm" mt="sm">
        {t('registered.idLabel')}
      </Text>
      <Text fz={28} fw={600} lh={1.3} c="teal.9" data-testid="registered-uid">
        {localizeDigits(uid, lang)}
      </Text>
      <Text size="sm">{t('registered.advice')}</Text>
    </Alert>
  );
}
