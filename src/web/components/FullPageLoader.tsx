/** Shown while the session check or a screen's code is on its way. */
import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Fills the window by default; inside the shell pass a smaller height. */
export function FullPageLoader({ minHeight = '100dvh' }: { minHeight?: string | number }) {
  const { t } = useTranslation();
  return (
    <Center mih={minHeight} role="status">
      <Loader />
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </Center>
  );
}
