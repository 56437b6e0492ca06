/**
 * The admin's scholarships on the results screen (docs/integrators/results.md): the amounts each grade carries
 * (season settings, taken at publication), the live awards in students and taka once published, and every
 * institute's award letters as one PDF (a job).
 */
import { Alert, Anchor, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESULT_GRADES } from '../../../common/schemas/results';
import { startJob } from '../../api/jobs';
import { failureMessage } from '../../components/notify';
import { DocumentButton } from '../../documents/DocumentButton';
import { useLanguage } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { sectionPath } from '../../shell/sections';
import { scholarshipsQuery } from './api';

export function AwardsPanel() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const view = useQuery(scholarshipsQuery);
  const n = (value: number) => formatNumber(value, lang);
  const taka = (value: number) => t('results.awards.amount', { amount: n(value) });
  if (view.isPending) return <Skeleton h={160} />;
  if (view.isError)
    return (
      <Text size="sm" c="red.8">
        {failureMessage(view.error)}
      </Text>
    );
  const { amounts, awarded, published, withdrawn } = view.data;
  const students = awarded.talent_pool.students + awarded.general.students;
  return (
    <Paper withBorder p="md" data-testid="results-awards">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('results.awards.title')}
        </Title>
        <Table.ScrollContainer minWidth={420} type="native">
          <Table verticalSpacing={4} fz="sm" data-testid="results-award-amounts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('results.awards.amounts')}</Table.Th>
                <Table.Th ta="end">{t('results.awards.awarded')}</Table.Th>
                <Table.Th ta="end">{t('results.awards.taka')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {RESULT_GRADES.map((grade) => (
                <Table.Tr key={grade}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {t(`results.grades.${grade}`)}
                    </Text>
                    <Text size="sm" c={amounts[grade] > 0 ? undefined : 'orange.9'} data-testid={`award-amount-${grade}`}>
                      {amounts[grade] > 0 ? taka(amounts[grade]) : t('results.awards.notSet')}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="end">{published ? n(awarded[grade].students) : '—'}</Table.Td>
                  <Table.Td ta="end">{published ? taka(awarded[grade].taka) : '—'}</Table.Td>
                </Table.Tr>
              ))}
              {published && (
                <Table.Tr fw={700}>
                  <Table.Td>{t('results.awards.total')}</Table.Td>
                  <Table.Td ta="end">{n(students)}</Table.Td>
                  <Table.Td ta="end">{taka(awarded.talent_pool.taka + awarded.general.taka)}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm">
          <Anchor component={Link} to={sectionPath('settings')}>
            {t('results.awards.change')}
          </Anchor>
          {published ? ` ${t('results.awards.changeAfter')}` : null}
        </Text>
        {withdrawn > 0 && (
          <Text size="sm" c="dimmed">
            {t('results.awards.withdrawn', { number: n(withdrawn) })}
          </Text>
        )}
        {!published ? (
          <Alert color="gray">{t('results.awards.notPublished')}</Alert>
        ) : students === 0 ? (
          <Alert color="gray">{t('results.awards.none')}</Alert>
        ) : (
          <Stack gap={4} align="flex-start">
            <DocumentButton
              label={t('results.awards.allLetters')}
              start={() => startJob('/v1/scholarships/letters')}
              fileName={t('results.awards.lettersFile')}
              testId="results-award-letters"
            />
            <Text size="xs" c="dimmed">
              {t('results.awards.allLettersHint')}
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
