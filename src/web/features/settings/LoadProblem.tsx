/** A settings call that failed: why, and a way to try again (a missing sub group gets a back link instead). */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { failureMessage } from '../../components/notify';

export function LoadProblem({ error, retry, backTo }: { error: unknown; retry?: () => void; backTo?: string }) {
  const { t } = useTranslation();
  // No error at all: the address names a sub group the server did not list.
  const notFound = error === undefined || (error instanceof ApiError && error.status === 404);
  return (
    <Alert
      color={notFound ? 'gray' : 'red'}
      variant="light"
      title={notFound ? t('settings.notFound') : t('settings.loadFailed')}
      data-testid="settings-problem"
    >
      {!notFound && <Text size="sm">{failureMessage(error)}</Text>}
      <Group mt="sm" gap="sm">
        {!notFound && retry && (
          <Button size="xs" onClick={retry}>
            {t('settings.retry')}
          </Button>
        )}
        {backTo && (
          <Button component={Link} to={backTo} variant="default" size="xs">
            {t('settings.back')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
