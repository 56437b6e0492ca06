/**
 * A sub group's settings form (spec §2 Settings): a textarea per text value, an image upload per
 * file value (its own width and height, folder 'settings'), saved as `fields[{id}][value]` + `id`;
 * the server's message as a toast, then the values fetched again.
 */
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DATE_SETTING_KEYS, SWITCH_SETTING_KEYS, type SettingGroup, type SettingValue } from '../../../common/schemas/settings';
import { ApiForm } from '../../components/forms/ApiForm';
import { DateField } from '../../components/forms/DateField';
import { SwitchField, TextareaField } from '../../components/forms/moreFields';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { useApiForm, type FormValues } from '../../components/forms/useApiForm';
import { FullPageLoader } from '../../components/FullPageLoader';
import { notifySuccess } from '../../components/notify';
import { UploadField } from '../../components/upload/UploadField';
import { refreshSiteName } from '../../app/siteName';
import { useLanguage } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { settingsApi, settingValuesQuery } from './api';
import { LoadProblem } from './LoadProblem';
import { settingsDefaults, settingsSchema, settingsUpdateBody, type SettingsFormValues } from './settingsForm';

/** Where the settings' images are stored (uploads/settings/…). */
const SETTINGS_FOLDER = 'settings';

function SettingInput({ setting }: { setting: SettingValue }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const name = `fields.${setting.id}.value`;
  if (DATE_SETTING_KEYS.includes(setting.key)) return <DateField name={name} label={setting.title} w={260} />;
  if (SWITCH_SETTING_KEYS.includes(setting.key)) return <SwitchField name={name} label={setting.title} />;
  if (setting.type === 'text') return <TextareaField name={name} label={setting.title} minRows={1} maxRows={6} />;
  const width = setting.width ?? undefined;
  const height = setting.height ?? undefined;
  return (
    <UploadField
      name={name}
      label={setting.title}
      width={width}
      height={height}
      folder={SETTINGS_FOLDER}
      description={width && height ? t('settings.imageSize', { width: formatNumber(width, lang), height: formatNumber(height, lang) }) : undefined}
    />
  );
}

function SettingsValuesForm({ subGroupId, values, queryKey }: { subGroupId: number; values: SettingValue[]; queryKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const schema = useMemo(() => settingsSchema(values), [values]);
  const state = useApiForm({
    schema,
    // The values sit at fields.{id}.value (nested), which the form's flat text type does not describe.
    defaultValues: settingsDefaults(values) as unknown as FormValues<typeof schema>,
    onSubmit: async (submitted) => {
      const { message } = await settingsApi.update(settingsUpdateBody(subGroupId, submitted as SettingsFormValues));
      notifySuccess(message);
      await Promise.all([queryClient.invalidateQueries({ queryKey }), refreshSiteName()]);
    },
  });

  return (
    <ApiForm state={state}>
      {values.length === 0 ? (
        <Text c="dimmed" data-testid="settings-values-empty">
          {t('settings.emptyValues')}
        </Text>
      ) : (
        values.map((setting) => <SettingInput key={setting.id} setting={setting} />)
      )}
      <Group>
        <SubmitButton label={t('settings.save')} processingLabel={t('settings.saving')} miw={160} />
      </Group>
    </ApiForm>
  );
}

export function SettingsUpdateScreen({ base, groups }: { base: string; groups: readonly SettingGroup[] }) {
  const params = useParams();
  const groupId = Number(params.groupId);
  const subGroupId = Number(params.subGroupId);
  const valid = Number.isInteger(groupId) && groupId > 0 && Number.isInteger(subGroupId) && subGroupId > 0;
  const group = groups.find((candidate) => candidate.id === groupId);
  const subGroup = group?.sub_group.find((candidate) => candidate.id === subGroupId);
  const options = settingValuesQuery(groupId, subGroupId);
  const query = useQuery({ ...options, enabled: valid && subGroup !== undefined });

  if (!valid || !subGroup) return <LoadProblem error={undefined} backTo={base} />;
  if (query.isPending) return <FullPageLoader minHeight={240} />;
  if (query.isError) return <LoadProblem error={query.error} retry={() => void query.refetch()} backTo={base} />;

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {group!.title}: {subGroup.title}
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} maw={880}>
        {/* Saved values come back as new data: the form starts again from them. */}
        <SettingsValuesForm key={query.dataUpdatedAt} subGroupId={subGroupId} values={query.data} queryKey={options.queryKey} />
      </Paper>
    </Stack>
  );
}
