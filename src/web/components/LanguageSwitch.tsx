/** One button that switches the interface to the other language; it names that language in itself. */
import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, useLanguage } from '../i18n';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const other = useLanguage() === 'bn' ? 'en' : 'bn';
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconLanguage size={16} aria-hidden />}
      onClick={() => void changeLanguage(other)}
      lang={other}
      aria-label={`${t('language.label')}: ${t(`language.${other}`)}`}
    >
      {t(`language.${other}`)}
    </Button>
  );
}
