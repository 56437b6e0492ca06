/**
 * The students a payment covers, by name (the admin decides on people, not a count): its pending or
 * approved students as the registrations list holds them (filtered by payment_id). A refused payment
 * holds nobody: its count is what it held, now unpaid again.
 */
import { Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ListRowOf } from '../../../common/resources';
import { RESOURCES } from '../../../common/resources';
import { useLanguage } from '../../i18n';
import { formatNumber, localizeDigits } from '../../i18n/format';
import { resourceEndpoints } from '../../resources/api';
import type { PaymentRow } from './payments';

type Student = Pick<ListRowOf<'registrations'>, 'id' | 'reg_no' | 'full_name' | 'name_bangla'>;

const students = resourceEndpoints<Student & { abilities?: never }>(`/v1/${RESOURCES.registrations.name}`);
/** Names shown; a larger payment says how many more. */
const SHOWN = 50;

export function CoveredStudents({ row }: { row: PaymentRow }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const held = row.state !== 'refused' && row.students > 0;
  const list = useQuery({
    queryKey: [RESOURCES.registrations.name, 'payment', row.id, row.state],
    queryFn: ({ signal }) =>
      students.list({ page: 1, paginate: SHOWN, fields: ['id', 'reg_no', 'full_name', 'name_bangla'], filters: { payment_id: String(row.id) } }, signal),
    enabled: held,
  });
  if (row.state === 'refused') return row.students > 0 ? t('payments.covered.freed', { number: formatNumber(row.students, lang) }) : null;
  if (!held) return row.state === 'pending' ? t('payments.covered.oldest') : null;
  if (!list.data)
    return list.isError ? (
      t('payments.studentCount', { number: formatNumber(row.students, lang) })
    ) : (
      <Loader size="xs" aria-label={t('payments.covered.loading')} />
    );
  const more = list.data.total - list.data.data.length;
  return (
    <Stack gap={2} data-testid="covered-students">
      {list.data.data.map((student) => (
        <Text size="sm" key={student.id}>
          {student.name_bangla || student.full_name}{' '}
          <Text span size="xs" c="dimmed">
            ({student.reg_no ? localizeDigits(student.reg_no, lang) : <span lang="en">{student.full_name}</span>})
          </Text>
        </Text>
      ))}
      {more > 0 && (
        <Text size="xs" c="dimmed">
          {t('payments.covered.more', { number: formatNumber(more, lang) })}
        </Text>
      )}
    </Stack>
  );
}
