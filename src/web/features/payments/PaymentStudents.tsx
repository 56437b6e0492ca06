/**
 * Which students a payment covers (architecture §9): the institute's unpaid students, searchable,
 * with "select all unpaid"; the amount field follows the chosen students' fees, which the server
 * checks again. Choosing nobody keeps the spec's plain payment (approval covers the oldest unpaid).
 * The choice is the form's `registration_ids` value, ids joined by commas.
 */
import { Alert, Badge, Button, Checkbox, Group, Loader, Paper, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_PAYMENT_STUDENTS, SEARCH_DEBOUNCE_MS } from '../../../common/constants';
import type { ListRowOf } from '../../../common/resources';
import { RESOURCES } from '../../../common/resources';
import { useLanguage } from '../../i18n';
import { formatMoney, formatNumber, localizeDigits } from '../../i18n/format';
import { classLabel } from '../../i18n/reference';
import { resourceEndpoints } from '../../resources/api';

type Student = Pick<ListRowOf<'registrations'>, 'id' | 'reg_no' | 'full_name' | 'name_bangla' | 'class' | 'fee'>;

const students = resourceEndpoints<Student & { abilities?: never }>(`/v1/${RESOURCES.registrations.name}`);
const FIELDS = ['id', 'reg_no', 'full_name', 'name_bangla', 'class', 'fee'] as const;
/** Rows a page of the list shows; "select all" reads the largest page the API gives. */
const PAGE = 50;
const ALL_PAGE = 500;

const unpaidOf = (instituteId: number) => ({ fee_status: 'unpaid', institute_id: String(instituteId) });

/** Every unpaid student of the institute, id and fee, up to what one payment may name. */
async function allUnpaid(instituteId: number): Promise<Map<number, number>> {
  const chosen = new Map<number, number>();
  for (let page = 1; chosen.size < MAX_PAYMENT_STUDENTS; page++) {
    const answer = await students.list({ page, paginate: ALL_PAGE, fields: ['id', 'fee'], filters: unpaidOf(instituteId) });
    for (const row of answer.data) if (chosen.size < MAX_PAYMENT_STUDENTS) chosen.set(row.id, row.fee);
    if (answer.data.length < ALL_PAGE) break;
  }
  return chosen;
}

export function PaymentStudents({ instituteId, held }: { instituteId: number | undefined; held: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { setValue } = useFormContext();
  const value = useWatch({ name: 'registration_ids' }) as string | undefined;
  const [chosen, setChosen] = useState(() => new Map<number, number>());
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [pages, setPages] = useState(1);
  const [selectingAll, setSelectingAll] = useState(false);

  const list = useQuery({
    queryKey: [RESOURCES.registrations.name, 'unpaid', instituteId, debounced, pages],
    queryFn: ({ signal }) => students.list({ page: 1, paginate: PAGE * pages, fields: FIELDS, search: debounced, filters: unpaidOf(instituteId!) }, signal),
    enabled: instituteId !== undefined,
  });

  // The form holds the ids; the amount is their fees' total (nobody chosen leaves the amount as typed).
  useEffect(() => {
    const ids = [...chosen.keys()].join(',');
    if (ids !== (value ?? '')) setValue('registration_ids', ids, { shouldDirty: true });
    if (chosen.size > 0) {
      const total = [...chosen.values()].reduce((sum, fee) => sum + fee, 0);
      setValue('amount', String(total), { shouldDirty: true, shouldValidate: true });
    }
  }, [chosen, setValue, value]);

  if (instituteId === undefined) return <Text c="dimmed">{t('payments.students.chooseInstitute')}</Text>;

  const toggle = (student: Student, on: boolean) =>
    setChosen((before) => {
      const next = new Map(before);
      if (on) next.set(student.id, student.fee);
      else next.delete(student.id);
      return next;
    });

  const selectAll = async () => {
    setSelectingAll(true);
    try {
      setChosen(await allUnpaid(instituteId));
    } finally {
      setSelectingAll(false);
    }
  };

  const total = list.data?.total ?? 0;
  const rows = list.data?.data ?? [];
  const sum = [...chosen.values()].reduce((a, b) => a + b, 0);

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="payment-students">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('payments.students.title')}
        </Title>
        <Text size="sm">{t('payments.students.intro')}</Text>
        {held > 0 && chosen.size === 0 && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
            {t('payments.students.kept', { number: formatNumber(held, lang) })}
          </Alert>
        )}
        <TextInput
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t('payments.students.search')}
          aria-label={t('payments.students.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
        />
        <Group gap="xs">
          <Button
            variant="light"
            size="compact-sm"
            onClick={() => void selectAll()}
            loading={selectingAll}
            disabled={total === 0 || debounced !== ''}
            data-testid="select-all-unpaid"
          >
            {t('payments.students.selectAll', { number: formatNumber(list.data && !debounced ? total : 0, lang) })}
          </Button>
          {chosen.size > 0 && (
            <Button variant="subtle" size="compact-sm" color="gray" onClick={() => setChosen(new Map())}>
              {t('payments.students.clear')}
            </Button>
          )}
        </Group>
        {list.isError ? (
          <Text c="red">{t('payments.students.loadFailed')}</Text>
        ) : list.isPending ? (
          <Loader size="sm" />
        ) : rows.length === 0 ? (
          <Text c="dimmed">{debounced ? t('payments.students.noMatch') : t('payments.students.none')}</Text>
        ) : (
          <ScrollArea.Autosize mah={320} type="auto">
            <Stack gap={6}>
              {rows.map((student) => (
                <Checkbox
                  key={student.id}
                  checked={chosen.has(student.id)}
                  onChange={(event) => toggle(student, event.currentTarget.checked)}
                  data-testid="unpaid-student"
                  label={
                    <Group gap={6} wrap="wrap">
                      <Text size="sm" lang="en">
                        {student.full_name}
                      </Text>
                      {student.name_bangla && (
                        <Text size="sm" c="dimmed">
                          {student.name_bangla}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {localizeDigits(student.reg_no, lang)} · {classLabel(t, student.class)} · {formatMoney(student.fee, lang)}
                      </Text>
                    </Group>
                  }
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {rows.length < total && (
          <Button variant="subtle" size="compact-sm" onClick={() => setPages((n) => n + 1)} w="fit-content">
            {t('payments.students.more', { number: formatNumber(Math.min(PAGE, total - rows.length), lang) })}
          </Button>
        )}
        {chosen.size > 0 ? (
          <Badge size="lg" variant="light" color="teal" style={{ textTransform: 'none', height: 'auto', whiteSpace: 'normal' }} data-testid="students-total">
            {t('payments.students.total', { number: formatNumber(chosen.size, lang), amount: formatMoney(sum, lang) })}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            {t('payments.students.noneChosen')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
