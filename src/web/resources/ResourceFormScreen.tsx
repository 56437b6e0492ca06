/**
 * Create and edit (spec §4): the shared form machinery with the resource's schema; the submit button
 * says it is processing; a stored record leads to the list, an updated one to its details, each
 * with the server's message as a toast.
 */
import { Button, Fieldset, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiForm } from '../components/forms/ApiForm';
import { SubmitButton } from '../components/forms/SubmitButton';
import { useApiForm } from '../components/forms/useApiForm';
import { notifySuccess } from '../components/notify';
import type { Row } from './api';
import type { Resource } from './defineResource';
import { RecordLoader } from './RecordLoader';
import { SpecFields } from './SpecFields';

function ResourceForm<R extends Row>({ resource, row }: { resource: Resource<R>; row?: R }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form } = resource;
  const mode = row ? 'edit' : 'create';
  const schema = (row && form.updateSchema) || form.schema;

  const state = useApiForm({
    schema,
    defaultValues: form.values(row),
    onSubmit: async (values) => {
      const body = form.toBody ? form.toBody(values, mode) : values;
      if (row) {
        const { message, data } = await resource.endpoints.update({ ...body, id: row.id });
        queryClient.setQueryData(resource.queries.detail(row.id).queryKey, data);
        await queryClient.invalidateQueries({ queryKey: resource.queries.all, refetchType: 'none' });
        notifySuccess(message);
        await navigate(resource.href.details(row.id));
      } else {
        const { message } = await resource.endpoints.store(body);
        await queryClient.invalidateQueries({ queryKey: resource.queries.all, refetchType: 'none' });
        notifySuccess(message);
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

export function ResourceEdit<R extends Row>({ resource }: { resource: Resource<R> }) {
  // Keyed by id: another record's edit screen starts from its own values.
  return <RecordLoader resource={resource}>{(row) => <ResourceForm key={row.id} resource={resource} row={row} />}</RecordLoader>;
}
