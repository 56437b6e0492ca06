/**
 * Counts per class (students, pass, fail, absent, talent pool, general…): one column per class, one
 * line per count, so two classes fit a phone's width where seven columns would not.
 */
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GradeCounts } from '../../../common/schemas/results';
import { useLanguage } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { classLabel } from '../../i18n/reference';

export const GRADE_COUNTS = ['students', 'pass', 'fail', 'absent', 'withheld', 'talent_pool', 'general'] as const satisfies readonly (keyof GradeCounts)[];

export function CountsTable<Key extends keyof GradeCounts>({
  classes,
  counts,
  testId,
}: {
  classes: readonly ({ class: string } & Record<Key, number>)[];
  counts: readonly Key[];
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Table.ScrollContainer minWidth={260} type="native">
      <Table striped withTableBorder verticalSpacing={6} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {classes.map((row) => (
              <Table.Th key={row.class} ta="end">
                {classLabel(t, row.class)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {counts.map((key) => (
            <Table.Tr key={key} data-testid={`${testId}-${key}`}>
              <Table.Td>{t(`results.counts.${key}`)}</Table.Td>
              {classes.map((row) => (
                <Table.Td key={row.class} ta="end" fw={key === 'students' ? 700 : undefined}>
                  {formatNumber(row[key], lang)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
