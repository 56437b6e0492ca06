/**
 * A file or photo field may name only an upload of the media table made by the account that saves the
 * form (or, for an admin's edit, by that admin or the record's own account; for the public registration,
 * an anonymous upload from the same address within the hour), as file settings already require an upload:
 * so nobody stores another account's file, or a path that was never uploaded, as their own.
 */
import type { Db } from '../../db/handles.js';
import { ValidationError } from '../../lib/errors.js';

/** Who may have uploaded the file: one of these accounts, or anonymously from this address. */
export type Uploader = { accounts: number[] } | { address: string };

/** How long an anonymous upload may be claimed by a registration from its address (as its deletion). */
const ANONYMOUS_CLAIM_MS = 60 * 60 * 1000;

/**
 * Refuses (422 `unknown_upload` on the field) each path in `fields` that differs from the record's
 * `current` value and is not an upload by `uploader`. An unchanged value passes: it was checked when stored.
 */
export async function refuseForeignUploads(
  db: Db,
  fields: Record<string, string | null | undefined>,
  uploader: Uploader,
  current: Record<string, unknown> = {},
): Promise<void> {
  const changed = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== current[entry[0]]);
  if (changed.length === 0) return;
  let query = db
    .selectFrom('media')
    .select('path')
    .where(
      'path',
      'in',
      changed.map(([, path]) => path),
    );
  query =
    'accounts' in uploader
      ? query.where('owner_id', 'in', uploader.accounts)
      : query
          .where('owner_id', 'is', null)
          .where('uploader_ip', '=', uploader.address)
          .where('created_at', '>', new Date(Date.now() - ANONYMOUS_CLAIM_MS).toISOString());
  const found = new Set((await query.execute()).map((row) => row.path));
  const refused = changed.filter(([, path]) => !found.has(path));
  if (refused.length > 0) throw new ValidationError(Object.fromEntries(refused.map(([field]) => [field, ['unknown_upload' as const]])));
}

/** The anonymous uploads a new account's registration names become that account's. */
export async function claimUploads(db: Db, paths: (string | null | undefined)[], accountId: number): Promise<void> {
  const named = paths.filter((path): path is string => typeof path === 'string');
  if (named.length > 0) await db.updateTable('media').set({ owner_id: accountId }).where('path', 'in', named).where('owner_id', 'is', null).execute();
}
