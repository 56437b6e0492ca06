/**
 * The marks grid (docs/integrators/results.md): keyboard first. The roll, Enter → the student's name and class
 * (GET /api/v1/marks/student) and the cursor in the marks; the marks (a number, or অ / a for absent),
 * Enter → saved (POST /api/v1/marks) and a new row's roll takes the cursor. A refused roll or mark
 * shows the server's message under its field and keeps the cursor there. Side by side on a wide
 * screen, stacked on a phone.
 */
import { Badge, Box, Grid, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from '../../../common/messages';
import { otherClassParams } from '../../../common/schemas/results';
import { ApiError } from '../../api/client';
import { failureMessage, notifyError } from '../../components/notify';
import { currentLanguage, useLanguage } from '../../i18n';
import { localizeDigits } from '../../i18n/format';
import { classLabel } from '../../i18n/reference';
import { findStudent, RESULTS_KEY, saveMark, type MarkStudent, type MarkSubject, type SavedMark } from './api';
import { markText, studentName } from './labels';

/** The grid keeps the last rows saved here in view, like the lines above a spreadsheet's cursor. */
const ROWS_KEPT = 8;

type Entry = { roll: string; student: MarkStudent | null; marks: string; rollError?: string; marksError?: string; busy: boolean };
const EMPTY: Entry = { roll: '', student: null, marks: '', busy: false };

/** The first message of a 422 for these fields, or null when the refusal is not about them. */
const fieldMessage = (error: unknown, ...fields: string[]) =>
  error instanceof ApiError ? (fields.map((field) => error.fieldErrors[field]?.[0]).find(Boolean) ?? null) : null;

export function MarkGrid({ subject, klass, disabled }: { subject: MarkSubject; klass: string; disabled: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [entry, setEntry] = useState<Entry>(EMPTY);
  const [saved, setSaved] = useState<SavedMark[]>([]);
  const rollInput = useRef<HTMLInputElement>(null);
  const marksInput = useRef<HTMLInputElement>(null);
  // Where the cursor goes once the answer is drawn (the marks field is enabled only then); a count so the same field is asked again.
  const [cursor, setCursor] = useState<{ on: 'roll' | 'marks'; times: number }>({ on: 'roll', times: 0 });
  const focus = (on: 'roll' | 'marks') => setCursor((current) => ({ on, times: current.times + 1 }));
  useEffect(() => {
    if (cursor.times > 0) (cursor.on === 'roll' ? rollInput : marksInput).current?.select();
  }, [cursor]);

  /** The student for the roll typed, or null with the reason under the roll. */
  const lookUp = async (): Promise<MarkStudent | null> => {
    const roll = entry.roll.trim();
    // Typing a roll forgets the student found, so one still here is this roll's (of another class: already said why not).
    if (entry.student) return entry.student.class === klass ? entry.student : null;
    if (roll === '') {
      setEntry((current) => ({ ...current, rollError: translate(currentLanguage(), 'required') }));
      return null;
    }
    setEntry((current) => ({ ...current, busy: true, rollError: undefined }));
    try {
      const student = await findStudent(roll);
      // A student of another class cannot get this subject's marks: said now rather than after the marks are typed.
      if (student.class !== klass) {
        setEntry((current) => ({
          ...current,
          student,
          busy: false,
          rollError: translate(currentLanguage(), 'roll_in_other_class', otherClassParams(student.roll_no, student.class)),
        }));
        focus('roll');
        return null;
      }
      const stored = student.marks.find((mark) => mark.subject_id === subject.id);
      const marks = stored ? (stored.absent ? t('results.marks.absentShort') : localizeDigits(String(stored.marks ?? ''), lang)) : '';
      setEntry((current) => ({ ...current, student, marks, busy: false }));
      focus('marks');
      return student;
    } catch (error) {
      setEntry((current) => ({ ...current, student: null, busy: false, rollError: fieldMessage(error, 'roll_no') ?? failureMessage(error) }));
      focus('roll');
      return null;
    }
  };

  const save = async () => {
    const student = await lookUp();
    if (!student) return;
    setEntry((current) => ({ ...current, busy: true, marksError: undefined }));
    try {
      const { data } = await saveMark({ roll_no: student.roll_no, subject_id: subject.id, marks: entry.marks });
      setSaved((rows) => [data, ...rows.filter((row) => row.roll_no !== data.roll_no)].slice(0, ROWS_KEPT));
      setEntry(EMPTY);
      focus('roll');
      void queryClient.invalidateQueries({ queryKey: RESULTS_KEY });
    } catch (error) {
      const rollError = fieldMessage(error, 'roll_no');
      const marksError = rollError ? undefined : (fieldMessage(error, 'marks', 'subject_id', 'absent') ?? failureMessage(error));
      setEntry((current) => ({ ...current, busy: false, rollError: rollError ?? undefined, marksError }));
      focus(rollError ? 'roll' : 'marks');
      if (!(error instanceof ApiError) || (error.status !== 422 && error.status !== 409)) notifyError(failureMessage(error));
    }
  };

  const onRollKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void lookUp();
  };
  const onMarksKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') focus('roll');
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void save();
  };

  const student = entry.student;
  return (
    <Stack gap="xs" data-testid="mark-grid">
      {saved.length > 0 && (
        <Table.ScrollContainer minWidth={300} type="native">
          <Table verticalSpacing={4} fz="sm" data-testid="mark-grid-saved">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={1}>{t('results.marks.roll')}</Table.Th>
                <Table.Th>{t('results.marks.student')}</Table.Th>
                <Table.Th w={1} ta="end">
                  {t('results.marks.marks')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...saved].reverse().map((row) => (
                <Table.Tr key={row.roll_no} data-testid="mark-grid-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{localizeDigits(row.roll_no, lang)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{studentName(row, lang)}</Table.Td>
                  <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                    <Badge variant="light" color={row.absent ? 'orange' : 'teal'} miw="max-content">
                      {markText(t, lang, row)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Paper withBorder p="sm" bg="gray.0" data-testid="mark-entry">
        <Grid gap="sm" align="flex-start">
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput
              ref={rollInput}
              label={t('results.marks.roll')}
              value={entry.roll}
              onChange={(event) => {
                const roll = event.currentTarget.value;
                setEntry((current) => ({ ...current, roll, student: null, rollError: undefined }));
              }}
              onKeyDown={onRollKey}
              error={entry.rollError}
              errorProps={{ 'data-testid': 'mark-roll-error' }}
              inputMode="numeric"
              autoComplete="off"
              autoFocus
              disabled={disabled}
              data-testid="mark-roll"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Box mih={{ sm: 60 }} pt={{ sm: 24 }} data-testid="mark-student" aria-live="polite">
              {student ? (
                <>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {studentName(student, lang)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {`${classLabel(t, student.class)} · ${student.institute_name}`}
                  </Text>
                </>
              ) : (
                <Text size="xs" c="dimmed">
                  {entry.busy ? t('results.marks.finding') : t('results.marks.rollHint')}
                </Text>
              )}
            </Box>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput
              ref={marksInput}
              label={t('results.marks.marksOf', { full: localizeDigits(String(subject.full_marks), lang) })}
              value={entry.marks}
              onChange={(event) => {
                const marks = event.currentTarget.value;
                setEntry((current) => ({ ...current, marks, marksError: undefined }));
              }}
              onKeyDown={onMarksKey}
              error={entry.marksError}
              errorProps={{ 'data-testid': 'mark-marks-error' }}
              description={t('results.marks.marksHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autoComplete="off"
              disabled={disabled || !student || student.class !== klass}
              data-testid="mark-marks"
            />
          </Grid.Col>
        </Grid>
      </Paper>
    </Stack>
  );
}
