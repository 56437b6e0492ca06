/**
 * Scholarship registrations (spec §2, §3, §5): the list of spec §2 (SI, Reg no, Name, Class, Gender,
 * Mobile, Father, Mother; for admins the institute too), 100 a page; the registration form with its role rules; the printable
 * details. An institute sees and changes only its own students (the server's owner rule).
 */
import { Text } from '@mantine/core';
import { IconFileSpreadsheet, IconPhoto } from '@tabler/icons-react';
import { z } from 'zod';
import { REGISTRATION_PAGE_SIZE } from '../../../common/constants';
import { RegistrationBody } from '../../../common/schemas/registrations';
import { requiredId } from '../../../common/validation';
import { localizeDigits } from '../../i18n/format';
import { classLabel, genderLabel } from '../../i18n/reference';
import { RegistrationFormBody } from './RegistrationFormBody';
import { FeeBadge } from './FeeBadge';
import { RegistrationSheet } from './RegistrationSheet';
import { InstituteFilter } from '../../institute/InstituteFilter';
import { serialColumn } from '../../resources/columns';
import { ANALYTICS_KEY } from '../../api/analytics';
import { StudentAdmitCard } from '../../documents/AdmitCards';
import { defineResource } from '../../resources/defineResource';
import type { ListRowOf } from '../../../common/resources';
import type { FormValues } from '../../components/forms/useApiForm';
import type { Column } from '../../resources/types';

export type RegistrationRow = ListRowOf<'registrations'>;

const digits = (value: string | null | undefined, lang: Parameters<typeof localizeDigits>[1]) => (value ? localizeDigits(value, lang) : '—');

const columns: readonly Column<RegistrationRow>[] = [
  serialColumn,
  { key: 'reg_no', label: 'reg_no', render: (row, { lang }) => digits(row.reg_no, lang), nowrap: true, priority: 1 },
  {
    key: 'full_name',
    label: 'student_name',
    priority: 1,
    render: (row) => (
      <>
        <Text size="sm" lang="en">
          {row.full_name}
        </Text>
        {row.name_bangla && (
          <Text size="xs" c="dimmed">
            {row.name_bangla}
          </Text>
        )}
      </>
    ),
  },
  // An admin's list holds every institute's students: whose is each row (two lines at most beside the menus).
  {
    key: 'institute',
    label: 'institute_name',
    render: (row) => row.institute?.name ?? '—',
    relation: 'institute',
    roles: ['admin'],
    priority: 2,
    minWidth: 200,
  },
  // Class and fee status are what a head teacher checks on a phone: under the name when the width has no room.
  { key: 'class', label: 'class', render: (row, { t }) => classLabel(t, row.class), nowrap: true, tuck: true },
  {
    key: 'fee_status',
    label: 'fee_status',
    render: (row, context) => <FeeBadge status={row.fee_status} context={context} />,
    nowrap: true,
    priority: 2,
    tuck: true,
  },
  { key: 'roll_no', label: 'roll_no', render: (row, { lang }) => digits(row.roll_no, lang), nowrap: true, priority: 3, tuck: true },
  { key: 'contact_number', label: 'contact_number', render: (row, { lang }) => digits(row.contact_number, lang), nowrap: true, priority: 3, tuck: true },
  { key: 'gender', label: 'gender', render: (row, { t }) => genderLabel(t, row.gender), nowrap: true, priority: 4, tuck: true },
  {
    key: 'parents',
    label: 'parents',
    render: (row) => (
      <Text size="sm" lang="en">
        {row.father_name_english}
        <br />
        {row.mother_name_english}
      </Text>
    ),
    priority: 4,
    tuck: true,
  },
];

/** Ticked ('1') or the field counts as not given; RegistrationFormBody shows what that means. */
const declaration = z.preprocess((value) => (value === '1' ? '1' : undefined), z.literal('1', { error: 'required' }));

/** An institute's form: the shared rules and the declaration. */
const instituteForm = RegistrationBody.safeExtend({ declaration });
/** An admin's: the institute must be chosen too (the server answers 422 otherwise). */
const adminForm = RegistrationBody.safeExtend({ institute_id: requiredId(), declaration });

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The shared schema's fields; the photo is its stored path (the upload field's value). */
const FORM_FIELDS = Object.keys(RegistrationBody.shape) as (keyof typeof RegistrationBody.shape)[];

function formValues(row: RegistrationRow | undefined): FormValues {
  const values: FormValues = Object.fromEntries(FORM_FIELDS.map((name) => [name, text(row?.[name])]));
  // Most students of class four and seven have no department.
  values.department ||= 'p';
  values.declaration = '0';
  return values;
}

export const registrations = defineResource<RegistrationRow>({
  resource: 'registrations',
  section: 'registrations',
  text: 'registrations',
  list: {
    columns,
    exportTitle: 'registration-list',
    pageSize: REGISTRATION_PAGE_SIZE,
    // Many students at once from an Excel sheet, for institutes and admins alike; photos in bulk too, from a zip
    // named by class-roll or registration number.
    headerLinks: [
      { label: (t) => t('registrations.import.button'), subPath: 'import', icon: IconFileSpreadsheet, testId: 'import-button' },
      { label: (t) => t('registrations.photos.button'), subPath: 'photos', icon: IconPhoto, testId: 'photos-button' },
    ],
    // An admin's list holds every institute's students: one institute's, on request (its export too).
    filters: [{ param: 'institute_id', roles: ['admin'], Input: InstituteFilter }],
  },
  form: {
    schema: instituteForm,
    schemaFor: ({ user }) => (user.role === 'admin' ? adminForm : instituteForm),
    values: formValues,
    Body: RegistrationFormBody,
    toBody: (values, _mode, user) => {
      const { declaration: _ticked, ...body } = values;
      // Spec §5: an institute's own names go with it (the server fills them in regardless).
      return user.role === 'admin' ? body : { ...body, institute_name: user.name, institute_name_english: user.institute_name_english };
    },
  },
  // One student's admit card under the sheet.
  details: { rows: [], print: true, View: RegistrationSheet, Extra: StudentAdmitCard },
  // The dashboard's numbers and the paid badge.
  alsoInvalidates: [ANALYTICS_KEY],
  rowLabel: (row) => row.full_name,
});
