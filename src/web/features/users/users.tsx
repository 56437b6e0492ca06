/**
 * The users (spec §2 Users, §5 institute form: an institute's account is its institute) and the user roles
 * nested under them at /user/user-role, on the shared resource machinery.
 */
import { Badge, Stack, Text } from '@mantine/core';
import { use, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../common/constants';
import { isPersonRole, requiredForRole, UserStoreBody, UserUpdateBody } from '../../../common/schemas/institute';
import { UserRoleBody } from '../../../common/schemas/content';
import type { PublicUser } from '../../../common/schemas/user';
import { TextField } from '../../components/forms/fields';
import { RequiredFieldsContext } from '../../components/forms/formContext';
import { SelectField } from '../../components/forms/SelectField';
import { UploadField } from '../../components/upload/UploadField';
import { InstituteAdmitCards } from '../../documents/AdmitCards';
import { localizeDigits } from '../../i18n/format';
import { FormSection, InstituteFormSections, instituteValues, PasswordSection } from '../../institute/InstituteFormSections';
import { instituteFacts } from '../../institute/instituteFacts';
import { idColumn, idDetail, stampDetails, statusColumn, statusDetail } from '../../resources/columns';
import { defineResource } from '../../resources/defineResource';
import type { DetailRow, ShowContext } from '../../resources/types';
import type { ListRowOf } from '../../../common/resources';

const ROLE_COLORS: Record<Role, string> = { admin: 'grape', institute: 'blue', examiner: 'teal' };

type UserRoleRow = ListRowOf<'userRoles'>;

/** An examiner's or an admin's account: a person's name, mobile, email and photo, nothing of an institute. */
function PersonFormSections({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  return (
    <>
      <FormSection legend={t('users.sections.person')}>
        <TextField name="name" label={t('users.person.name')} autoComplete="name" />
        <TextField name="phone_number" label={t('users.person.phone_number')} type="tel" inputMode="tel" placeholder={t('register.placeholders.mobile')} />
        <TextField name="email" label={t('users.person.email')} type="email" autoComplete="email" description={t('users.person.emailHint')} />
        <UploadField name="photo" label={t('users.person.photo')} width={200} height={200} folder="photos" />
      </FormSection>
      <PasswordSection passwordHint={mode === 'edit' ? t('users.passwordKeep') : undefined} />
    </>
  );
}

/** The role chosen decides the form: an institute's, or a person's (an examiner, an admin). */
function UserFormBody({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const role: unknown = useWatch({ name: 'role' });
  // The schema's shape marks what every account needs; the role adds its own (the server's rule, requiredForRole).
  const schemaRequired = use(RequiredFieldsContext);
  const required = useMemo(() => new Set([...schemaRequired, ...requiredForRole(role)]), [schemaRequired, role]);
  return (
    <RequiredFieldsContext value={required}>
      <FormSection legend={t('users.sections.account')}>
        <SelectField name="role" label={t('fields.role')} data={ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))} />
      </FormSection>
      {isPersonRole(role) ? (
        <PersonFormSections mode={mode} />
      ) : (
        <InstituteFormSections password={mode === 'create' ? 'required' : 'optional'} passwordHint={mode === 'edit' ? t('users.passwordKeep') : undefined} />
      )}
    </RequiredFieldsContext>
  );
}

/** A person's rows (an examiner, an admin): no institute rows, empty or not. */
const personFacts: readonly DetailRow<PublicUser>[] = [
  { label: 'account_uid', value: (row, { lang }) => localizeDigits(row.uid, lang) },
  { label: (t) => t('users.person.name'), value: (row) => row.name },
  { label: (t) => t('users.person.phone_number'), value: (row, { lang }) => (row.phone_number ? localizeDigits(row.phone_number, lang) : null) },
  { label: (t) => t('users.person.email'), value: (row) => row.email },
];

export const users = defineResource<PublicUser>({
  resource: 'users',
  section: 'users',
  text: 'users',
  list: {
    columns: [
      idColumn,
      { key: 'uid', label: 'account_uid', render: (row, { lang }) => localizeDigits(row.uid, lang), nowrap: true, priority: 1 },
      // An institute by its name, a person by theirs: the role beside it says which it is.
      {
        key: 'name',
        label: 'account_name',
        priority: 1,
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm">{row.name}</Text>
            {row.role === 'institute' && row.institute_name_english && (
              <Text size="xs" c="dimmed" lang="en">
                {row.institute_name_english}
              </Text>
            )}
          </Stack>
        ),
      },
      { key: 'phone_number', label: 'mobile', render: (row, { lang }) => (row.phone_number ? localizeDigits(row.phone_number, lang) : '—'), nowrap: true },
      { key: 'email', label: 'email', priority: 3 },
      {
        key: 'role',
        label: 'role',
        render: (row, { t }) => (
          <Badge variant="light" color={ROLE_COLORS[row.role]} miw="max-content">
            {t(`role.${row.role}`)}
          </Badge>
        ),
        nowrap: true,
      },
      statusColumn,
    ],
  },
  form: {
    schema: UserStoreBody,
    updateSchema: UserUpdateBody,
    values: (row) => ({ role: row?.role ?? 'institute', ...instituteValues(row), password: '', password_confirmation: '' }),
    Body: UserFormBody,
  },
  details: {
    rows: [
      { label: 'role', value: (row, { t }) => t(`role.${row.role}`) },
      ...instituteFacts.map((fact) => ({ ...fact, when: (row: PublicUser) => !isPersonRole(row.role) })),
      ...personFacts.map((fact) => ({ ...fact, when: (row: PublicUser) => isPersonRole(row.role) })),
      statusDetail,
    ],
    print: true,
    // An institute's admit cards, any time, for the admin: institutes see theirs only once published.
    Extra: InstituteAdmitCards,
  },
  rowLabel: (row) => row.name,
});

/** The two roles the system runs on in the interface language (seeded as 'Admin' and 'Institute'); others as titled. */
const roleTitle = (row: UserRoleRow, { t }: ShowContext) => ((ROLES as readonly string[]).includes(row.slug) ? t(`role.${row.slug as Role}`) : row.title);

export const userRoles = defineResource<UserRoleRow>({
  resource: 'userRoles',
  section: 'users',
  subPath: '/user-role',
  text: 'userRoles',
  list: { columns: [idColumn, { key: 'title', label: 'title', priority: 1, render: roleTitle }, { key: 'slug', label: 'slug', nowrap: true }, statusColumn] },
  form: { schema: UserRoleBody, values: (row) => ({ title: row?.title ?? '' }), fields: [{ kind: 'text', name: 'title', label: 'role_title' }] },
  details: { rows: [idDetail, { label: 'title', value: roleTitle }, { label: 'slug', value: (row) => row.slug }, ...stampDetails] },
  rowLabel: (row) => row.title,
});
