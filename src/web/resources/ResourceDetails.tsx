/** A record's details (spec §2): its rows in a table, with Edit and Back, and Print where the spec asks. */
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailsTable } from '../components/details/DetailsTable';
import { PrintButton } from '../components/PrintButton';
import { useLanguage } from '../i18n';
import { can, type Row } from './api';
import type { Resource } from './defineResource';
import { RecordLoader } from './RecordLoader';

function Details<R extends Row>({ resource, row }: { resource: Resource<R>; row: R }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { View, Extra } = resource.details;
  const changeable = can(row, 'update');
  const entries = resource.details.rows
    .filter((detail) => detail.when?.(row) ?? true)
    .map((detail) => ({
      label: typeof detail.label === 'function' ? detail.label(t) : t(`fields.${detail.label}`),
      value: detail.value(row, { t, lang }),
    }));

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        {/* A printable view has a heading of its own. */}
        <Title order={2} size="h4" className={View ? 'print-hide' : undefined}>
          {t(`resources.${resource.text}.details`)}
        </Title>
        <Group gap="sm" className="print-hide">
          {resource.details.print && <PrintButton />}
          {changeable && (
            <Button component={Link} to={resource.href.edit(row.id)} leftSection={<IconPencil size={16} aria-hidden />}>
              {t('actions.edit')}
            </Button>
          )}
          <Button component={Link} to={resource.href.list} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            {t('actions.back')}
          </Button>
        </Group>
      </Group>
      {View ? (
        <View row={row} />
      ) : (
        <Paper withBorder p={{ base: 0, sm: 'md' }} className="print-plain">
          <DetailsTable entries={entries} />
        </Paper>
      )}
      {Extra && <Extra row={row} />}
    </Stack>
  );
}

export function ResourceDetails<R extends Row>({ resource }: { resource: Resource<R> }) {
  return <RecordLoader resource={resource}>{(row) => <Details resource={resource} row={row} />}</RecordLoader>;
}
