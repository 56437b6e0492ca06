/**
 * The Users section (spec §2 Users, §5 institute form; its own lazy chunk, with the institute form and the geo
 * data) and the user roles nested under it at /user/user-role. Admin only: the section guard sends anybody else
 * to the Dashboard.
 */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../common/constants';
import { UserStoreBody, UserUpdateBody } from '../../../common/schemas/institute';
import { UserRoleBody } from '../../../common/schemas/content';
import type { PublicUser } from '../../../common/schemas/user';
import { SelectField } from '../../components/forms/SelectField';
import { InstituteAdmitCards } from '../../documents/AdmitCards';
import { localizeDigits } from '../../i18n/format';
import { FormSection, InstituteFormSections, instituteValues } from '../../institute/InstituteFormSections';
import { instituteFacts } from '../../institute/instituteFacts';
import { idColumn, idDetail, stampDetails, statusColumn, statusDetail } from '../../resources/columns';
import { defineResource } from '../../resources/defineResource';
import type { ShowContext } from '../../resources/types';
import type { ListRowOf } from '../../../common/resources';
import { member, ResourceModule } from '../../resources/ResourceModule';

const ROLE_COLORS: Record<Role, string> = { admin: 'grape', institute: 'blue', examiner: 'teal' };

type UserRoleRow = ListRowOf<'userRoles'>;

function UserFormBody({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  return (
    <>
      <FormSection legend={t('users.sections.account')}>
        <SelectField name="role" label={t('fields.role')} data={ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))} />
      </FormSection>
      <InstituteFormSections password={mode === 'create' ? 'required' : 'optional'} passwordHint={mode === 'edit' ? t('users.passwordKeep') : undefined} />
    </>
  );
}

const users = defineResource<PublicUser>({
  resource: 'users',
  section: 'users',
  text: 'users',
  list: {
    columns: [
      idColumn,
      { key: 'uid', label: 'uid', render: (row, { lang }) => localizeDigits(row.uid, lang), nowrap: true, priority: 1 },
      { key: 'name', label: 'institute', priority: 1 },
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
    rows: [...instituteFacts, { label: 'role', value: (row, { t }) => t(`role.${row.role}`) }, statusDetail],
    print: true,
    // An institute's admit cards, any time, for the admin (issue 13 §4).
    Extra: InstituteAdmitCards,
  },
  rowLabel: (row) => row.name,
});

/** The two roles the system runs on in the interface language (seeded as 'Admin' and 'Institute'); others as titled. */
const roleTitle = (row: UserRoleRow, { t }: ShowContext) => ((ROLES as readonly string[]).includes(row.slug) ? t(`role.${row.slug as Role}`) : row.title);

const userRoles = defineResource<UserRoleRow>({
  resource: 'userRoles',
  section: 'users',
  subPath: '/user-role',
  text: 'userRoles',
  list: { columns: [idColumn, { key: 'title', label: 'title', priority: 1, render: roleTitle }, { key: 'slug', label: 'slug', nowrap: true }, statusColumn] },
  form: { schema: UserRoleBody, values: (row) => ({ title: row?.title ?? '' }), fields: [{ kind: 'text', name: 'title', label: 'role_title' }] },
  details: { rows: [idDetail, { label: 'title', value: roleTitle }, { label: 'slug', value: (row) => row.slug }, ...stampDetails] },
  rowLabel: (row) => row.title,
});

export default function UsersModule() {
  return <ResourceModule section="users" members={[member(users), member(userRoles)]} />;
}
