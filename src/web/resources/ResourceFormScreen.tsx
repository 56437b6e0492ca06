/**
 * Create and edit (spec §4): the shared form machinery with the resource's schema; the submit button
 * says it is processing; a stored record leads to the list, an updated one to its details, each
 * with the server's message as a toast.
 */
import { Alert, Button, Fieldset, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../auth/session';
import { ApiForm } from '../components/forms/ApiForm';
import { SubmitButton } from '../components/forms/SubmitButton';
import { useApiForm } from '../components/forms/useApiForm';
import { notifySuccess } from '../components/notify';
import { can, type Row } from './api';
import type { Resource } from './defineResource';
import { RecordLoader } from './RecordLoader';
import { SpecFields } from './SpecFields';

function ResourceForm<R extends Row>({ resource, row }: { resource: Resource<R>; row?: R }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const { form } = resource;
  const mode = row ? 'edit' : 'create';
  const schema = form.schemaFor?.({ mode, user }) ?? ((row && form.updateSchema) || form.schema);
  // Marked stale, fetched again when next shown.
  const staleAfterChange = () =>
    Promise.all(
      [resource.queries.all, ...(resource.alsoInvalidates ?? [])].map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'none' })),
    );

  const state = useApiForm({
    schema,
    defaultValues: form.values(row, user),
    checkOnSave: form.checkOnSave,
    onSubmit: async (values) => {
      const body = form.toBody ? form.toBody(values, mode, user) : values;
      if (row) {
        const { message, data } = await resource.endpoints.update({ ...body, id: row.id });
        queryClient.setQueryData(resource.queries.detail(row.id).queryKey, data);
        await staleAfterChange();
        notifySuccess(form.savedText?.(t, mode, user) ?? message);
        await navigate(resource.href.details(row.id));
      } else {
        const { message } = await resource.endpoints.store(body);
        await staleAfterChange();
        notifySuccess(form.savedText?.(t, mode, user) ?? message);
        await navigate(resource.href.list);
      }
    },
  });

  const back = row ? resource.href.details(row.id) : resource.href.list;
  const { Body } = form;

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t(`resources.${resource.text}.${mode}`)}
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <ApiForm state={state}>
          {Body ? (
            <Body mode={mode} row={row} />
          ) : (
            <Fieldset legend={t(`resources.${resource.text}.info`)} variant="filled" p={{ base: 'sm', sm: 'md' }}>
              <SpecFields fields={form.fields ?? []} />
            </Fieldset>
          )}
          <Group gap="sm">
            <SubmitButton label={row ? t('actions.update') : t('actions.save')} processingLabel={t('actions.processing')} miw={160} />
            <Button component={Link} to={back} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
              {t('actions.back')}
            </Button>
          </Group>
        </ApiForm>
      </Paper>
    </Stack>
  );
}

export function ResourceCreate<R extends Row>({ resource }: { resource: Resource<R> }) {
  return <ResourceForm resource={resource} />;
}

/** Said instead of the form when the row is closed to this user (an institute's approved payment). */
function Locked<R extends Row>({ resource, row }: { resource: Resource<R>; row: R }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t(`resources.${resource.text}.edit`)}
      </Title>
      <Alert color="gray" variant="light" icon={<IconLock aria-hidden />} title={resource.lockedText?.(t)} data-testid="record-locked">
        <Button component={Link} to={resource.href.details(row.id)} variant="default" size="xs" mt="xs" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {t('actions.back')}
        </Button>
      </Alert>
    </Stack>
  );
}

function EditOrLocked<R extends Row>({ resource, row }: { resource: Resource<R>; row: R }) {
  if (!can(row, 'update')) return <Locked resource={resource} row={row} />;
  return <ResourceForm resource={resource} row={row} />;
}

export function ResourceEdit<R extends Row>({ resource }: { resource: Resource<R> }) {
  // Keyed by id: another record's edit screen starts from its own values.
  return <RecordLoader resource={resource}>{(row) => <EditOrLocked key={row.id} resource={resource} row={row} />}</RecordLoader>;
}
