/** A screen's data could not be read: what, why, and a retry. */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { failureMessage } from './notify';

export function LoadFailed({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={title}>
      <Group justify="space-between">
        <Text size="sm">{failureMessage(error)}</Text>
        <Button size="xs" variant="white" color="red" onClick={retry}>
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
