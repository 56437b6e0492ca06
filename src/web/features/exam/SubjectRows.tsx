/**
 * One class's subjects in the exam form: rows of Bengali name, English name and full marks, added and
 * removed in place. Both classes' rows live in one list (`subjects`), so each row keeps its index there;
 * the form holds that list once (react-hook-form keeps one state per useFieldArray, so two of the same
 * list would each lose the other's changes) and gives each class the rows and the means to change them.
 */
import { ActionIcon, Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useContext, useMemo } from 'react';
import type { UseFieldArrayReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ClassCode } from '../../api/exam';
import { TextField } from '../../components/forms/fields';
import { RequiredFieldsContext } from '../../components/forms/formContext';
import { useLanguage } from '../../i18n';
import { localizeDigits } from '../../i18n/format';
import { newSubject, type SubjectValues } from './examForm';

export type SubjectList = Pick<UseFieldArrayReturn<{ subjects: SubjectValues[] }, 'subjects', 'key'>, 'fields' | 'append' | 'remove'>;

export function SubjectRows({ klass, list }: { klass: ClassCode; list: SubjectList }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { fields, append, remove } = list;
  const rows = fields.map((row, index) => ({ row, index })).filter(({ row }) => row.class === klass);
  // The rows' fields are required as the shared schema says; the form only reads its top-level fields.
  const outer = useContext(RequiredFieldsContext);
  const required = useMemo(
    () => new Set([...outer, ...rows.flatMap(({ index }) => ['name_bn', 'name_en', 'full_marks'].map((name) => `subjects.${index}.${name}`))]),
    [outer, rows],
  );

  return (
    <RequiredFieldsContext value={required}>
      <Stack gap="sm" data-testid={`subjects-${klass}`}>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('exam.form.noSubjects')}
          </Text>
        )}
        {rows.map(({ row, index }, position) => (
          <Paper key={row.key} withBorder p="xs" radius="sm" data-testid="subject-row">
            <Grid gap="xs" align="flex-end">
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <TextField name={`subjects.${index}.name_bn`} label={t('exam.form.subject_bn')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextField name={`subjects.${index}.name_en`} label={t('exam.form.subject_en')} lang="en" />
              </Grid.Col>
              <Grid.Col span={{ base: 9, sm: 2 }}>
                <TextField name={`subjects.${index}.full_marks`} label={t('exam.form.full_marks')} inputMode="numeric" />
              </Grid.Col>
              <Grid.Col span={{ base: 3, sm: 1 }}>
                <Group justify="flex-end" mih={36}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    onClick={() => remove(index)}
                    aria-label={t('exam.form.removeSubject', { number: localizeDigits(String(position + 1), lang) })}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Grid.Col>
            </Grid>
          </Paper>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => append(newSubject(klass))}
            data-testid={`add-subject-${klass}`}
          >
            {t('exam.form.addSubject')}
          </Button>
        </Group>
      </Stack>
    </RequiredFieldsContext>
  );
}
