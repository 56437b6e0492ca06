/** The audit log's entries (spec §2 Audit logs), as the API answers them; nobody writes them through the API. */
import { z } from 'zod';
import { maybeId, maybeText, text } from './rows.js';

export const AuditRow = z.object({
  id: z.number(),
  user_id: maybeId,
  user_name: maybeText,
  user_role: maybeText,
  action: text,
  entity: text,
  entity_id: maybeId,
  /** The changed fields before and after, as stored. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: maybeText,
  user_agent: maybeText,
  status: z.number(),
  created_at: text,
});
