/** Loads one record for the edit and details screens: a loader, a not-found note, or the screen. */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../api/client';
import { FullPageLoader } from '../components/FullPageLoader';
import { failureMessage } from '../components/notify';
import type { Row } from './api';
import type { Resource } from './defineResource';

export function RecordLoader<R extends Row>({ resource, children }: { resource: Resource<R>; children: (row: R) => ReactNode }) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...resource.queries.detail(id), enabled: valid });

  if (valid && query.isPending) return <FullPageLoader minHeight={240} />;
  if (!valid || query.isError) {
    const notFound = !valid || (query.error instanceof ApiError && query.error.status === 404);
    return (
      <Alert color={notFound ? 'gray' : 'red'} variant="light" title={notFound ? t('screen.notFound') : t('screen.loadFailed')} data-testid="record-missing">
        {!notFound && <Text size="sm">{failureMessage(query.error)}</Text>}
        <Group mt="sm">
          <Button component={Link} to={resource.href.list} variant="default" size="xs">
            {t('actions.back')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return children(query.data as R);
}
