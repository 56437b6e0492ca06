/**
 * The marks screen `/marks` (docs/integrators/results.md; admins and examiners): the class and subject, the
 * keyboard grid, the subject's marks entered so far, the import of a whole class's sheet, and what is
 * still missing per class and subject. Once the
 * result is published marks cannot change (the server answers 409), so the grid and the import say so.
 */
import { Alert, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../components/FullPageLoader';
import { useLanguage } from '../../i18n';
import { localizeDigits } from '../../i18n/format';
import { classLabel } from '../../i18n/reference';
import { markSubjectsQuery, type MarkSubjects } from './api';
import { LoadFailed } from '../../components/LoadFailed';
import { MarkGrid } from './MarkGrid';
import { MarksImport } from './MarksImport';
import { MarksProgress } from './MarksProgress';
import { RecentMarks } from './RecentMarks';

const CHOICE = 'marks_choice';

/** The class and subject last chosen on this device, so an examiner's reload keeps its place. */
function rememberedChoice(): { klass: string; subject: string } {
  const [klass = '', subject = ''] = (localStorage.getItem(CHOICE) ?? '').split(':');
  return { klass, subject };
}

function MarksEntry({ data }: { data: MarkSubjects }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [choice, setChoice] = useState(() => {
    const remembered = rememberedChoice();
    const klass = data.classes.find((entry) => entry.class === remembered.klass) ?? data.classes[0];
    const subject = klass?.subjects.find((entry) => String(entry.id) === remembered.subject) ?? klass?.subjects[0];
    return { klass: klass?.class ?? '', subject: subject ? String(subject.id) : '' };
  });
  const choose = (klass: string, subject: string) => {
    setChoice({ klass, subject });
    localStorage.setItem(CHOICE, `${klass}:${subject}`);
  };
  const klass = data.classes.find((entry) => entry.class === choice.klass);
  const subject = klass?.subjects.find((entry) => String(entry.id) === choice.subject);
  const subjectName = (entry: { name_bn: string; name_en: string }) => (lang === 'bn' ? entry.name_bn : entry.name_en) || entry.name_bn;

  if (data.classes.every((entry) => entry.subjects.length === 0)) {
    return (
      <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />} data-testid="marks-no-subjects">
        {t('results.marks.noSubjects')}
      </Alert>
    );
  }

  return (
    <>
      {data.published && (
        <Alert variant="light" color="orange" icon={<IconInfoCircle aria-hidden />} data-testid="marks-published">
          {t('results.marks.published')}
        </Alert>
      )}
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={640}>
            <Select
              label={t('results.marks.class')}
              data={data.classes.map((entry) => ({ value: entry.class, label: classLabel(t, entry.class) }))}
              value={choice.klass}
              onChange={(value) => {
                const next = data.classes.find((entry) => entry.class === value);
                if (next) choose(next.class, next.subjects[0] ? String(next.subjects[0].id) : '');
              }}
              allowDeselect={false}
              data-testid="marks-class"
            />
            <Select
              label={t('results.marks.subject')}
              data={(klass?.subjects ?? []).map((entry) => ({
                value: String(entry.id),
                label: t('results.marks.subjectOption', { name: subjectName(entry), full: localizeDigits(String(entry.full_marks), lang) }),
              }))}
              value={choice.subject || null}
              onChange={(value) => value && choose(choice.klass, value)}
              allowDeselect={false}
              nothingFoundMessage={t('results.marks.noSubjects')}
              data-testid="marks-subject"
            />
          </SimpleGrid>
          {klass && subject ? (
            <>
              <Text size="sm" c="dimmed">
                {t('results.marks.intro')}
              </Text>
              {/* A new subject starts an empty grid. */}
              <MarkGrid key={subject.id} subject={subject} klass={klass.class} disabled={data.published} />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('results.marks.chooseSubject')}
            </Text>
          )}
        </Stack>
      </Paper>
      {subject && <RecentMarks subject={subject} title={t('results.marks.recentTitle', { subject: subjectName(subject) })} />}
      {/* Another class is another sheet. */}
      {klass && <MarksImport key={klass.class} klass={klass.class} subjects={klass.subjects} disabled={data.published} />}
      <MarksProgress />
    </>
  );
}

export function MarksScreen() {
  const { t } = useTranslation();
  const subjects = useQuery(markSubjectsQuery);
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h3">
        {t('nav.marks')}
      </Title>
      {subjects.isPending ? (
        <FullPageLoader minHeight={240} />
      ) : subjects.isError ? (
        <LoadFailed title={t('results.loadFailed')} error={subjects.error} retry={() => void subjects.refetch()} />
      ) : (
        <MarksEntry data={subjects.data} />
      )}
    </Stack>
  );
}
