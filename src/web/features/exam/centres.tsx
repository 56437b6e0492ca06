/**
 * Exam centres on the shared resource machinery, under the exam section
 * (/exam/centres): the list (names, upazila, seats, seats given, contact), the form and the details
 * with the rooms, the areas served, the seats taken of the capacity and the centre's papers.
 */
import { List, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CentreBody } from '../../../common/schemas/exam';
import type { ListRowOf } from '../../../common/resources';
import { EXAM_KEY } from '../../api/exam';
import { PhoneLink } from '../../components/PhoneLink';
import { currentLanguage } from '../../i18n';
import { formatNumber, localizeDigits } from '../../i18n/format';
import { serialColumn, stampDetails, statusColumn } from '../../resources/columns';
import { defineResource } from '../../resources/defineResource';
import type { FormValues } from '../../components/forms/useApiForm';
import type { Column, DetailRow, ShowContext } from '../../resources/types';
import { CentreDocuments } from './CentreDocuments';
import { CentreFormBody } from './CentreFormBody';
import { centreFormValues } from './centreValues';
import { fullAddress, upazilaName } from './places';
import { ServedInstitutes } from './ServedInstitutes';

export type CentreRow = ListRowOf<'centres'>;

const names = (row: CentreRow): ReactNode => (
  <>
    <Text size="sm">{row.name_bn}</Text>
    <Text size="xs" c="dimmed" lang="en">
      {row.name_en}
    </Text>
  </>
);

const contact = (row: CentreRow): ReactNode => (
  <>
    <Text size="sm">{row.contact_name}</Text>
    <PhoneLink number={row.contact_mobile} size="xs" />
  </>
);

const seatsOf = (row: CentreRow, { t, lang }: ShowContext) =>
  t('centres.seatsOf', { seated: formatNumber(row.seated, lang), capacity: formatNumber(row.capacity, lang) });

const columns: readonly Column<CentreRow>[] = [
  serialColumn,
  { key: 'name_bn', label: 'centre', render: names, priority: 1 },
  { key: 'upozilla_id', label: 'upazila', render: (row, { lang }) => upazilaName(row.upozilla_id, lang) ?? '—', nowrap: true, priority: 3 },
  { key: 'capacity', label: 'capacity', render: (row, { lang }) => formatNumber(row.capacity, lang), nowrap: true, priority: 3 },
  { key: 'seated', label: 'seated', render: (row, { lang }) => formatNumber(row.seated, lang), nowrap: true },
  { key: 'contact', label: 'contact', render: contact, priority: 3 },
  { ...statusColumn, priority: 4 },
];

const details: readonly DetailRow<CentreRow>[] = [
  { label: 'centre', value: names },
  { label: 'address', value: (row, { lang }) => fullAddress(row, lang) },
  { label: 'contact', value: contact },
  {
    label: 'rooms',
    value: (row, { t, lang }) => (
      <List size="sm" spacing={2} data-testid="centre-rooms">
        {row.rooms.map((room) => (
          <List.Item key={room.name}>{t('centres.roomLine', { name: localizeDigits(room.name, lang), capacity: formatNumber(room.capacity, lang) })}</List.Item>
        ))}
      </List>
    ),
  },
  { label: 'seated', value: (row, context) => <span data-testid="centre-seats">{seatsOf(row, context)}</span> },
  {
    label: 'served_upazilas',
    value: (row, { lang }) => (row.upazila_ids ?? []).map((id) => upazilaName(id, lang) ?? `#${localizeDigits(String(id), lang)}`).join(', ') || null,
  },
  { label: 'served_institutes', value: (row) => (row.institute_ids?.length ? <ServedInstitutes ids={row.institute_ids} /> : null) },
  ...stampDetails,
];

export const centres = defineResource<CentreRow>({
  resource: 'centres',
  section: 'exam',
  subPath: '/centres',
  text: 'centres',
  list: { columns, exportTitle: 'exam-centres' },
  form: {
    schema: CentreBody,
    // Rooms and served areas are lists, which the form's flat text type does not describe.
    values: (row) => centreFormValues(row, currentLanguage()) as unknown as FormValues,
    Body: CentreFormBody,
    checkOnSave: true,
  },
  details: { rows: details, Extra: CentreDocuments },
  // The exam screen's totals of centres, seats and seats given.
  alsoInvalidates: [EXAM_KEY],
  rowLabel: (row) => row.name_bn,
});
