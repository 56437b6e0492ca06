/**
 * The admin dashboard's results block (docs/integrators/results.md), once a result is processed: grade counts
 * per class, and per district (names from the shared geography) the students, passes, absentees and
 * grades, for one class or both.
 */
import { Anchor, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { districtById } from '../../../common/geo';
import type { GradeCounts, ResultSummary } from '../../../common/schemas/results';
import { CLASS_CODES } from '../../../common/constants';
import { useLanguage } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { classLabel } from '../../i18n/reference';
import { sectionPath } from '../../shell/sections';
import { resultsQuery } from './api';
import { CountsTable, GRADE_COUNTS } from './CountsTable';

const DISTRICT_COUNTS = ['students', 'pass', 'absent', 'talent_pool', 'general'] as const;

type DistrictRow = { zilla_id: number | null; name: string } & GradeCounts;

/** The summary's district lines for one class or both added up, by district name. */
function districtRows(summary: ResultSummary, klass: string, lang: 'bn' | 'en', unknown: string): DistrictRow[] {
  const rows = new Map<number | null, DistrictRow>();
  for (const line of summary.districts) {
    if (klass !== 'all' && line.class !== klass) continue;
    const district = line.zilla_id === null ? undefined : districtById.get(line.zilla_id);
    const row = rows.get(line.zilla_id) ?? {
      zilla_id: line.zilla_id,
      name: district ? (lang === 'bn' ? district.name_bn : district.name_en) : unknown,
      students: 0,
      pass: 0,
      fail: 0,
      absent: 0,
      incomplete: 0,
      withheld: 0,
      talent_pool: 0,
      general: 0,
    };
    for (const key of GRADE_COUNTS) row[key] += line[key];
    rows.set(line.zilla_id, row);
  }
  return [...rows.values()].sort((a, b) => (a.zilla_id === null ? 1 : b.zilla_id === null ? -1 : a.name.localeCompare(b.name, lang)));
}

function Districts({ summary }: { summary: ResultSummary }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [klass, setKlass] = useState('all');
  const rows = useMemo(() => districtRows(summary, klass, lang, t('results.dashboard.noDistrict')), [summary, klass, lang, t]);
  const n = (value: number) => formatNumber(value, lang);
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          {t('results.dashboard.districts')}
        </Title>
        <SegmentedControl
          size="xs"
          value={klass}
          onChange={setKlass}
          data={[{ value: 'all', label: t('results.dashboard.bothClasses') }, ...CLASS_CODES.map((value) => ({ value, label: classLabel(t, value) }))]}
          data-testid="results-district-class"
        />
      </Group>
      <Table.ScrollContainer minWidth={480} maxHeight={420} type="native">
        <Table striped stickyHeader verticalSpacing={4} fz="sm" data-testid="results-districts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('results.dashboard.district')}</Table.Th>
              {DISTRICT_COUNTS.map((key) => (
                <Table.Th key={key} ta="end">
                  {t(`results.counts.${key}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.zilla_id ?? 'none'}>
                <Table.Td>{row.name}</Table.Td>
                {DISTRICT_COUNTS.map((key) => (
                  <Table.Td key={key} ta="end">
                    {n(row[key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export function AdminResults() {
  const { t } = useTranslation();
  const view = useQuery(resultsQuery);
  const summary = view.data?.summary;
  // Nothing to show before the first processing; the dashboard's other numbers carry on.
  if (!summary) return null;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="results-analytics">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {t('results.dashboard.title')}
          </Title>
          <Anchor component={Link} to={sectionPath('results')} size="sm">
            {t('results.dashboard.open')}
          </Anchor>
        </Group>
        <Text size="sm" c={view.data?.published ? 'teal.9' : 'dimmed'}>
          {view.data?.published ? t('results.dashboard.published') : t('results.dashboard.notPublished')}
        </Text>
        {/* Two tables one above the other: the districts' six columns need the whole width. */}
        <Stack gap="lg">
          <Stack gap="xs" maw={560}>
            <Title order={3} size="h5">
              {t('results.dashboard.classes')}
            </Title>
            <CountsTable classes={summary.classes} counts={GRADE_COUNTS} testId="results-classes" />
          </Stack>
          <Districts summary={summary} />
        </Stack>
      </Stack>
    </Paper>
  );
}
