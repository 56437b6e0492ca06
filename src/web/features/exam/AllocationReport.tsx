/**
 * What an allocation did: seats kept, newly given and given back, and who could not be
 * seated, a sentence each by reason and place ("কালিহাতী: কোনো কেন্দ্র নেই — ৪৩ জন") with what to do.
 */
import { Alert, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../common/messages';
import { useLanguage } from '../../i18n';
import { formatNumber, localizeDigits } from '../../i18n/format';
import type { AllocationReport as Report, Unseated } from './allocation';
import { upazilaName } from './places';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid="figure-value">
        {value}
      </Text>
    </Paper>
  );
}

/** Where the students without a seat are: their upazila, or the centres their institutes are named at. */
function placeOf(group: Unseated, centreNames: ReadonlyMap<number, string>, t: TFunction, lang: Lang): string {
  if (group.upozilla_id !== null)
    return upazilaName(group.upozilla_id, lang) ?? t('exam.allocation.unknownPlace', { id: localizeDigits(String(group.upozilla_id), lang) });
  const names = group.centre_ids.map((id) => centreNames.get(id) ?? `#${localizeDigits(String(id), lang)}`).join(', ');
  return t('exam.allocation.namedCentres', { names });
}

export function AllocationReport({ report, centreNames }: { report: Report; centreNames: ReadonlyMap<number, string> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const number = (value: number) => formatNumber(value, lang);

  return (
    <Stack gap="sm" data-testid="allocation-report">
      <Title order={3} size="h5">
        {t('exam.allocation.reportTitle')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label={t('exam.allocation.kept')} value={number(report.kept)} testId="report-kept" />
        <Figure label={t('exam.allocation.newlySeated')} value={number(report.seated)} testId="report-seated" />
        <Figure label={t('exam.allocation.released')} value={number(report.released)} testId="report-released" />
        <Figure label={t('exam.allocation.unseated')} value={number(report.unseated_students)} testId="report-unseated" />
      </SimpleGrid>
      {report.unseated.length === 0 ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} data-testid="all-seated">
          {t('exam.allocation.allSeated')}
        </Alert>
      ) : (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('exam.allocation.unseatedTitle')}>
          <List spacing="xs" size="sm" data-testid="unseated">
            {report.unseated.map((group, index) => (
              <List.Item key={`${group.reason}-${group.upozilla_id ?? group.centre_ids.join(',')}-${index}`} data-testid="unseated-group">
                <Text size="sm" fw={600}>
                  {t(`exam.allocation.reasons.${group.reason}`, { place: placeOf(group, centreNames, t, lang), students: number(group.students) })}
                </Text>
                <Text size="xs">
                  {t('exam.allocation.institutes', { number: number(group.institutes) })} {t(`exam.allocation.advice.${group.reason}`)}
                </Text>
                {group.institute_list && group.institute_list.length > 0 && (
                  <List size="xs" withPadding data-testid="unseated-institutes">
                    {group.institute_list.map((institute) => (
                      <List.Item key={institute.uid}>
                        {t('exam.allocation.instituteLine', { name: institute.name ?? '', uid: institute.uid, students: number(institute.students) })}
                      </List.Item>
                    ))}
                    {group.institutes > group.institute_list.length && (
                      <List.Item>{t('exam.allocation.moreInstitutes', { number: number(group.institutes - group.institute_list.length) })}</List.Item>
                    )}
                  </List>
                )}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
