/**
 * The exam form (architecture §9): names in Bengali and English, the instructions the
 * admit card prints (one a line), how rooms are filled, and for each class its date, reporting, start
 * and end times and its subjects with full marks. Saved whole (POST /api/v1/exam/update); a 422's
 * `sittings.0.start_time` or `subjects.3.name_en` lands under its input.
 */
import { Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFieldArray, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CLASS_CODES, SEATINGS } from '../../../common/constants';
import { ExamBody } from '../../../common/schemas/exam';
import { apiRequest } from '../../api/client';
import { EXAM_KEY, type ExamView } from '../../api/exam';
import { ApiForm } from '../../components/forms/ApiForm';
import { DateField } from '../../components/forms/DateField';
import { TextField } from '../../components/forms/fields';
import { RadioGroupField, TextareaField } from '../../components/forms/moreFields';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { useApiForm, type FormValues } from '../../components/forms/useApiForm';
import { notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { classLabel } from '../../i18n/reference';
import { examFormValues, type SubjectValues } from './examForm';
import { SubjectRows } from './SubjectRows';
import { TimeField } from './TimeField';

export function ExamForm({ exam, onSaved }: { exam: ExamView; onSaved: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useApiForm({
    schema: ExamBody,
    // Sittings and subjects are lists of rows, which the form's flat text type does not describe.
    defaultValues: examFormValues(exam, currentLanguage()) as unknown as FormValues<typeof ExamBody>,
    checkOnSave: true,
    onSubmit: async (body) => {
      const { message, data } = await apiRequest<ExamView>('/v1/exam/update', { body });
      queryClient.setQueryData(EXAM_KEY, data);
      notifySuccess(message);
      onSaved();
    },
  });
  // keyName: the rows' own `id` is the subject's id, kept across edits.
  const subjects = useFieldArray({ control: state.form.control as unknown as Control<{ subjects: SubjectValues[] }>, name: 'subjects', keyName: 'key' });
  const time = { placeholder: t('exam.form.timePlaceholder') };

  return (
    <ApiForm state={state}>
      <Fieldset legend={t('exam.form.names')} variant="filled" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField name="name_bn" label={t('exam.form.name_bn')} />
            <TextField name="name_en" label={t('exam.form.name_en')} lang="en" />
          </SimpleGrid>
          <TextareaField name="instructions" label={t('exam.form.instructions')} description={t('exam.form.instructionsHint')} minRows={4} maxRows={12} />
          <RadioGroupField
            name="seating"
            label={t('exam.form.seating')}
            options={SEATINGS.map((value) => ({ value, label: t(`exam.form.seatings.${value}`) }))}
          />
        </Stack>
      </Fieldset>
      {CLASS_CODES.map((klass, index) => (
        <Fieldset
          key={klass}
          legend={t('exam.form.sitting', { class: classLabel(t, klass) })}
          variant="filled"
          p={{ base: 'sm', sm: 'md' }}
          data-testid={`sitting-${klass}`}
        >
          <Stack gap="md">
            {/* The date has room for its placeholder; the 24-hour hint sits under the times it is about. */}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              <DateField name={`sittings.${index}.date`} label={t('exam.form.date')} />
              <Stack gap={4}>
                <SimpleGrid cols={3} spacing="xs">
                  <TimeField name={`sittings.${index}.reporting_time`} label={t('exam.form.reporting_time')} {...time} />
                  <TimeField name={`sittings.${index}.start_time`} label={t('exam.form.start_time')} {...time} />
                  <TimeField name={`sittings.${index}.end_time`} label={t('exam.form.end_time')} {...time} />
                </SimpleGrid>
                <Text size="xs" c="dimmed" data-testid="time-hint">
                  {t('exam.form.timeHint')}
                </Text>
              </Stack>
            </SimpleGrid>
            <Fieldset legend={t('exam.form.subjects', { class: classLabel(t, klass) })} variant="unstyled">
              <SubjectRows klass={klass} list={subjects} />
            </Fieldset>
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <SubmitButton label={t('exam.form.save')} processingLabel={t('exam.form.saving')} miw={160} />
      </Group>
    </ApiForm>
  );
}
