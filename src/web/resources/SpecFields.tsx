/** The inputs of a declarative resource form (types.ts FieldSpec), laid out two to a row on wide screens. */
import { Group, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DROPDOWN_PAGE_SIZE } from '../../common/constants';
import { TextField } from '../components/forms/fields';
import { SwitchField, TextareaField } from '../components/forms/moreFields';
import { SelectField } from '../components/forms/SelectField';
import { resourceEndpoints, type Row } from './api';
import type { FieldSpec } from './types';

/**
 * A select of another resource's rows; spec §7 loads them 500 at a time for dropdowns. `label`
 * replaces the `fields.{label}` text (the page form names its category selects itself).
 */
export function ResourceSelect({ spec, label }: { spec: Extract<FieldSpec, { kind: 'resource' }>; label?: string }) {
  const { t } = useTranslation();
  const options = useQuery({
    queryKey: [spec.queryKey, 'list', { paginate: DROPDOWN_PAGE_SIZE, status: 1 }],
    queryFn: ({ signal }) => resourceEndpoints<Row & Record<string, unknown>>(spec.api).list({ page: 1, paginate: DROPDOWN_PAGE_SIZE, status: 1 }, signal),
  });
  return (
    <SelectField
      name={spec.name}
      label={label ?? t(`fields.${spec.label}`)}
      placeholder={options.isPending ? t('common.loading') : t('register.placeholders.choose')}
      data={(options.data?.data ?? []).map((row) => ({ value: String(row.id), label: spec.optionLabel(row) }))}
      searchable
      nothingFoundMessage={t('register.placeholders.nothingFound')}
      disabled={options.isPending}
    />
  );
}

export function SpecFields({ fields }: { fields: readonly FieldSpec[] }) {
  const { t } = useTranslation();
  const labelOf = (spec: FieldSpec) => t(`fields.${spec.label}`);
  const inputs = fields.filter((spec) => spec.kind !== 'switch');
  // Flags sit together under the inputs rather than each in a grid cell of its own.
  const switches = fields.filter((spec) => spec.kind === 'switch');

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: inputs.length === 1 ? 1 : 2 }} spacing="md" verticalSpacing="md">
        {inputs.map((spec) => {
          switch (spec.kind) {
            case 'textarea':
              return <TextareaField key={spec.name} name={spec.name} label={labelOf(spec)} />;
            case 'resource':
              return <ResourceSelect key={spec.name} spec={spec} />;
            case 'number':
              return <TextField key={spec.name} name={spec.name} label={labelOf(spec)} inputMode="numeric" />;
            case 'url':
              return <TextField key={spec.name} name={spec.name} label={labelOf(spec)} lang="en" spellCheck={false} />;
            default:
              return <TextField key={spec.name} name={spec.name} label={labelOf(spec)} />;
          }
        })}
      </SimpleGrid>
      {switches.length > 0 && (
        <Group gap="xl">
          {switches.map((spec) => (
            <SwitchField key={spec.name} name={spec.name} label={labelOf(spec)} />
          ))}
        </Group>
      )}
    </Stack>
  );
}
