/**
 * The audit log's writes: one row per change that matters (approvals, deletions, roles, settings,
 * passwords), written with the caller's transaction so a rolled-back change leaves no entry.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import { now } from './time.js';

/**
 * The audit log's action names. The machinery's own are here; each module adds its own in its
 * `<module>.audit.ts` (declaration merging into this interface), so a new module never edits this file.
 */
export interface AuditActions {
  'record.soft_delete': true;
  'record.restore': true;
  'record.destroy': true;
}

export type AuditAction = keyof AuditActions;

/** Where a request came from: `request.ip` follows TRUST_PROXY, so behind a proxy it is the client's address. */
export type AuditClient = { ip: string | null; userAgent: string | null };

/** Who acted; a snapshot, so the entry keeps the name and role the account had at the time. */
export type AuditActor = { id: number; name: string; role: string } | null;

export type AuditEntry = {
  actor: AuditActor;
  client: AuditClient;
  action: AuditAction;
  entity: string;
  entityId: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

const USER_AGENT_LENGTH = 255;

/** Keys that never go into the log, whatever a caller passes. */
const SECRET = /password|token|secret/i;

export function clientOf(request: FastifyRequest): AuditClient {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_LENGTH) : null };
}

function withoutSecrets(values: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!values) return null;
  const kept = Object.entries(values).filter(([key]) => !SECRET.test(key));
  return kept.length ? Object.fromEntries(kept) : null;
}

/** Only the fields whose value differs, on both sides: an update's entry says what it changed. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = Object.keys(after).filter((key) => key in before && JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return { before: Object.fromEntries(keys.map((key) => [key, before[key]])), after: Object.fromEntries(keys.map((key) => [key, after[key]])) };
}

export async function recordAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [entry]);
}

/** Rows per insert: 12 columns each stay far below either dialect's limit on bound values. */
const AUDIT_ROWS_PER_INSERT = 500;

/** Many entries at once (a marks import's batch), in multi-row inserts. */
export async function recordAudits(db: Kysely<Database> | Transaction<Database>, entries: readonly AuditEntry[]): Promise<void> {
  const at = now();
  for (let start = 0; start < entries.length; start += AUDIT_ROWS_PER_INSERT) {
    const rows = entries.slice(start, start + AUDIT_ROWS_PER_INSERT).map((entry) => {
      const before = withoutSecrets(entry.before);
      const after = withoutSecrets(entry.after);
      return {
        user_id: entry.actor?.id ?? null,
        user_name: entry.actor?.name ?? null,
        user_role: entry.actor?.role ?? null,
        action: entry.action,
        entity: entry.entity,
        entity_id: entry.entityId,
        before: before && JSON.stringify(before),
        after: after && JSON.stringify(after),
        ip: entry.client.ip,
        user_agent: entry.client.userAgent,
        created_at: at,
      };
    });
    await db.insertInto('audit_logs').values(rows).execute();
  }
}
