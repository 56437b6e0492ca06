/** Prints the page; the shell's print styles (styles/print.css) leave out navigation and buttons. */
import { Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function PrintButton() {
  const { t } = useTranslation();
  return (
    <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()} data-testid="print-button">
      {t('actions.print')}
    </Button>
  );
}
