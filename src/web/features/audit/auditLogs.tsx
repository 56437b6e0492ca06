/**
 * The audit log: who did what to which record, from where. Read-only: a list with search and export, and
 * each entry's details.
 */
import { Code } from '@mantine/core';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { ROLES, type Role } from '../../../common/constants';
import type { ListRowOf } from '../../../common/resources';
import { formatDateTime, localizeDigits } from '../../i18n/format';
import { idColumn, idDetail } from '../../resources/columns';
import { defineResource } from '../../resources/defineResource';
import type { ShowContext } from '../../resources/types';

type AuditRow = ListRowOf<'audit'>;

const actionLabel = (action: string, t: TFunction) => t(`audit.actions.${action.replace('.', '_')}`, { defaultValue: action });

function userLabel(row: AuditRow, { t, lang }: ShowContext): string {
  if (!row.user_name) return t('audit.nobody');
  const role = (ROLES as readonly (string | null)[]).includes(row.user_role) ? t(`role.${row.user_role as Role}`) : row.user_role;
  return `${row.user_name} (${role ?? ''}${row.user_id ? ` #${localizeDigits(String(row.user_id), lang)}` : ''})`;
}

/** The kind of record in the interface language (the server's name when the catalog has none) and its id. */
function recordLabel(row: AuditRow, { t, lang }: ShowContext): string {
  const kind = t(`audit.entities.${row.entity}`, { defaultValue: row.entity });
  return row.entity_id ? `${kind} #${localizeDigits(String(row.entity_id), lang)}` : kind;
}

/** The changed fields as the server stored them; React escapes every character of it. */
const changes = (value: Record<string, unknown> | null | undefined) => (value ? <Code block>{JSON.stringify(value, null, 2)}</Code> : '—');

export const auditLogs = defineResource<AuditRow>({
  resource: 'audit',
  section: 'auditLogs',
  text: 'auditLogs',
  list: {
    columns: [
      idColumn,
      { key: 'created_at', label: 'audit_time', render: (row, { lang }) => formatDateTime(row.created_at, lang), nowrap: true, priority: 1 },
      { key: 'user', label: 'audit_user', render: userLabel },
      { key: 'action', label: 'audit_action', render: (row, { t }) => actionLabel(row.action, t), priority: 1 },
      { key: 'entity', label: 'audit_entity', render: recordLabel, nowrap: true, priority: 3 },
      { key: 'ip', label: 'audit_ip', render: (row) => row.ip ?? '—', nowrap: true, priority: 4 },
    ],
    addNew: false,
    // Entries are never deactivated: an active/deactivated switch would mean nothing.
    statusFilter: false,
    exportTitle: 'audit-log',
  },
  form: { schema: z.object({}), values: () => ({}) },
  details: {
    rows: [
      idDetail,
      { label: 'audit_time', value: (row, { lang }) => formatDateTime(row.created_at, lang) },
      { label: 'audit_user', value: userLabel },
      { label: 'audit_action', value: (row, { t }) => actionLabel(row.action, t) },
      { label: 'audit_entity', value: recordLabel },
      { label: 'audit_ip', value: (row) => row.ip ?? '—' },
      { label: 'audit_user_agent', value: (row) => row.user_agent ?? '—' },
      { label: 'audit_before', value: (row) => changes(row.before) },
      { label: 'audit_after', value: (row) => changes(row.after) },
    ],
  },
  lockedText: (t) => t('audit.readOnly'),
  rowLabel: (row) => `${row.action} #${row.id}`,
});
