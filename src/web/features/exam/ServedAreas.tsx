/**
 * Who sits at a centre: the upazilas whose institutes it serves (searchable, Bengali
 * names and order; the centre's own upazila to begin with) and, optionally, institutes named one by
 * one (found by name on the server), who then sit only at the centres naming them.
 */
import { CloseButton, Group, Input, Pill, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MultiSelectField } from '../../components/forms/MultiSelectField';
import { useBoundField } from '../../components/forms/useBoundField';
import { RemoteSelect } from '../../components/RemoteSelect';
import { useLanguage } from '../../i18n';
import { localizeDigits } from '../../i18n/format';
import { upazilaOptions } from './places';
import { USERS_API, useInstituteNames } from './useInstituteNames';

/** The named institutes: a search that adds the one picked, and each named one with a button that takes it off. */
function InstitutePicker() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { field, error, wrapperProps } = useBoundField('institute_ids');
  const chosen = (field.value as string[] | undefined) ?? [];
  const known = useInstituteNames(chosen.map(Number));
  const [picked, setPicked] = useState<ReadonlyMap<string, string>>(new Map());
  const labelOf = (id: string) => picked.get(id) ?? known.get(Number(id)) ?? `#${id}`;

  return (
    <Stack gap="xs" {...wrapperProps}>
      <RemoteSelect
        url={USERS_API}
        fields={['id', 'name', 'uid']}
        params={{ role: 'institute' }}
        // Two schools may share a name: the institute id tells them apart.
        toOption={(row) => ({ value: String(row.id), label: `${String(row.name)} (${localizeDigits(String(row.uid), lang)})` })}
        value=""
        label={t('centres.fields.institute_ids')}
        placeholder={t('centres.pickInstitute')}
        error={error}
        onChange={(value, option) => {
          if (!value || chosen.includes(value)) return;
          setPicked((current) => new Map(current).set(value, option?.label ?? value));
          field.onChange([...chosen, value]);
        }}
      />
      <Input.Description>{t('centres.hints.institutes')}</Input.Description>
      {chosen.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('centres.noInstitutes')}
        </Text>
      ) : (
        <Group gap="xs" data-testid="named-institutes">
          {chosen.map((id) => (
            <Pill key={id} size="md">
              <Group gap={4} wrap="nowrap">
                {labelOf(id)}
                <CloseButton
                  size="xs"
                  onClick={() => field.onChange(chosen.filter((other) => other !== id))}
                  aria-label={t('centres.removeInstitute', { name: labelOf(id) })}
                />
              </Group>
            </Pill>
          ))}
        </Group>
      )}
    </Stack>
  );
}

export function ServedAreas() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { getValues, setValue } = useFormContext();
  const own = useWatch({ name: 'upozilla_id' }) as string;
  const options = useMemo(() => upazilaOptions(lang), [lang]);

  // The centre's own upazila is served to begin with: chosen when the list is empty or held only the one before.
  const previous = useRef(own);
  useEffect(() => {
    const before = previous.current;
    previous.current = own;
    if (!own || own === before) return;
    const served = (getValues('upazila_ids') as string[] | undefined) ?? [];
    if (served.length === 0 || (served.length === 1 && served[0] === before)) setValue('upazila_ids', [own]);
  }, [own, getValues, setValue]);

  return (
    <Stack gap="md">
      <div data-testid="served-upazilas">
        <MultiSelectField
          name="upazila_ids"
          label={t('centres.fields.upazila_ids')}
          description={t('centres.hints.upazilas')}
          data={options}
          searchable
          clearable
          hidePickedOptions
          limit={50}
          nothingFoundMessage={t('register.placeholders.nothingFound')}
        />
      </div>
      <InstitutePicker />
    </Stack>
  );
}
