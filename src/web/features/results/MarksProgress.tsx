/**
 * Marks entry's progress (docs/integrators/results.md), on the admin's results screen and the examiner's marks
 * screen: per class and subject, the marks entered, recorded absent and missing, and the rolls still
 * missing, so whoever enters marks knows what is left before the result can be published.
 */
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/LoadFailed';
import { useLanguage } from '../../i18n';
import { formatNumber, localizeDigits } from '../../i18n/format';
import { classLabel } from '../../i18n/reference';
import { marksProgressQuery } from './api';

export function MarksProgress() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const progress = useQuery(marksProgressQuery);
  const n = (value: number) => formatNumber(value, lang);
  if (progress.isPending) return null;
  if (progress.isError) return <LoadFailed title={t('results.loadFailed')} error={progress.error} retry={() => void progress.refetch()} />;
  // A class without subjects or candidates has nothing to enter.
  const classes = progress.data.classes.filter((klass) => klass.subjects.length > 0 && klass.candidates > 0);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="marks-progress">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('results.progress.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('results.progress.intro')}
        </Text>
        {classes.map((klass) => (
          <Stack key={klass.class} gap={6} data-testid={`marks-progress-${klass.class}`}>
            <Group gap="xs">
              <Text fw={700} size="sm">
                {t('results.progress.candidates', { class: classLabel(t, klass.class), candidates: n(klass.candidates), missing: n(klass.missing_candidates) })}
              </Text>
              {klass.withheld > 0 && (
                <Text size="sm" c="dimmed">
                  {t('results.progress.withheldNote', { number: n(klass.withheld) })}
                </Text>
              )}
              {klass.missing_candidates === 0 && (
                <Badge color="teal" variant="light">
                  {t('results.progress.complete')}
                </Badge>
              )}
            </Group>
            <Table.ScrollContainer minWidth={300} type="native">
              <Table striped withTableBorder verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('results.progress.subject')}</Table.Th>
                    <Table.Th ta="end">{t('results.progress.entered')}</Table.Th>
                    <Table.Th ta="end">{t('results.progress.absent')}</Table.Th>
                    <Table.Th ta="end">{t('results.progress.missing')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {klass.subjects.map((subject) => (
                    <Table.Tr key={subject.subject_id} data-testid="marks-progress-subject">
                      <Table.Td>{lang === 'bn' ? subject.name_bn : subject.name_en || subject.name_bn}</Table.Td>
                      <Table.Td ta="end">{n(subject.entered)}</Table.Td>
                      <Table.Td ta="end">{n(subject.absent)}</Table.Td>
                      <Table.Td ta="end" c={subject.missing > 0 ? 'red.8' : undefined} fw={subject.missing > 0 ? 700 : undefined}>
                        {n(subject.missing)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {klass.subjects
              .filter((subject) => subject.missing > 0)
              .map((subject) => (
                <Text key={subject.subject_id} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="marks-progress-missing">
                  <Text span fw={600} size="sm">
                    {t('results.progress.missingRolls', { subject: lang === 'bn' ? subject.name_bn : subject.name_en || subject.name_bn })}:
                  </Text>{' '}
                  {subject.missing_rolls.map((roll) => localizeDigits(roll, lang)).join(', ')}
                  {subject.missing > subject.missing_rolls.length &&
                    ` ${t('results.progress.more', { number: n(subject.missing - subject.missing_rolls.length) })}`}
                </Text>
              ))}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
