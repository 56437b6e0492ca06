/** Results day's data could not be read: why, and a retry. */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../components/notify';

export function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={t('results.loadFailed')}>
      <Group justify="space-between">
        <Text size="sm">{failureMessage(error)}</Text>
        <Button size="xs" variant="white" color="red" onClick={retry}>
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
