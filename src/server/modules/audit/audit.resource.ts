/**
 * The audit log for admins: list (newest first), search by action, entity or user name, filter by
 * action, entity, user and date (`conditions={"created_at":{"gte":…}}`), view and CSV export.
 * Nobody may write it through the API: no write roles, so the machinery registers no write routes.
 */
import { withRow } from '../../../common/resources.js';
import { AuditRow } from '../../../common/schemas/audit.js';
import { parseJsonColumn } from '../../db/json-column.js';
import { columnsOf, defineResource } from '../../lib/resource/definition.js';

const Changes = AuditRow.shape.before.unwrap();
const parsed = (value: unknown) => (typeof value === 'string' ? parseJsonColumn(Changes, value) : value);

export const auditResource = defineResource({
  ...withRow('audit', AuditRow),
  table: 'audit_logs',
  columns: columnsOf('audit_logs', [
    'id',
    'user_id',
    'user_name',
    'user_role',
    'action',
    'entity',
    'entity_id',
    'before',
    'after',
    'ip',
    'user_agent',
    'status',
    'created_at',
  ]),
  searchable: ['action', 'entity', 'user_name'],
  sortable: ['id', 'created_at', 'action', 'entity', 'user_name'],
  filterable: ['id', 'action', 'entity', 'entity_id', 'user_id', 'user_role', 'ip', 'created_at'],
  defaultPageSize: 25,
  exportColumns: ['id', 'created_at', 'user_id', 'user_name', 'user_role', 'action', 'entity', 'entity_id', 'before', 'after', 'ip', 'user_agent'],
  /** The stored JSON of the changed fields as objects. */
  present: (row) => ({ ...row, ...('before' in row ? { before: parsed(row.before) } : {}), ...('after' in row ? { after: parsed(row.after) } : {}) }),
});
