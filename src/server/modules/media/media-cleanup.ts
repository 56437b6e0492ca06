/**
 * Removes uploads nothing refers to, a day after their upload (docs/operators/security.md, upload quota): a form
 * that was never saved, a photo replaced by another. "Refers to" means every place that stores a media
 * path: the file and photo columns (institutes' photo and file, students' photo, pages' image, og_image
 * and content_file), file settings, and the links inside pages' HTML, grid cells and source links and
 * menus' urls. Runs in batches, yielding between them, so the event loop is never held (architecture §9).
 */
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Storage } from '../../lib/storage/storage.js';
import { storageKey } from './media-paths.js';

const BATCH = 500;
const MIN_AGE_MS = 24 * 60 * 60 * 1000;

/** Columns that hold one media path each, asked by index for every batch of candidates. */
const PATH_COLUMNS = [
  ['users', 'photo'],
  ['users', 'file'],
  ['scholarship_registrations', 'photo'],
] as const;

/** Upload paths inside a text (HTML `src="/uploads/…"`, a link list, a plain path). */
const UPLOAD_PATH = /uploads\/[\w-][\w./-]*/g;

/**
 * The media paths the content tables mention. They are small (pages, settings, menus: thousands of rows
 * at most), so they are read once per run, in batches, and kept as a set.
 */
async function pathsInContent(db: Kysely<Database>): Promise<Set<string>> {
  const found = new Set<string>();
  const collect = (...texts: (string | null)[]) => {
    for (const text of texts) for (const match of (text ?? '').matchAll(UPLOAD_PATH)) found.add(match[0]);
  };
  for (let after = 0; ;) {
    const pages = await db
      .selectFrom('web_pages')
      .select(['id', 'image', 'og_image', 'content_file', 'content', 'custom_fields', 'source_files_url'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const page of pages) collect(page.image, page.og_image, page.content_file, page.content, page.custom_fields, page.source_files_url);
    if (pages.length < BATCH) break;
    after = pages.at(-1)!.id;
    await yieldToEvents();
  }
  for (const row of await db.selectFrom('setting_values').select('value').execute()) collect(row.value);
  for (const table of ['web_page_menus', 'web_page_sub_menus'] as const) {
    for (const row of await db.selectFrom(table).select(['content_url', 'redirect_url']).execute()) collect(row.content_url, row.redirect_url);
  }
  return found;
}

/** Of these paths, the ones a file or photo column names. */
async function pathsInColumns(db: Kysely<Database>, paths: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const [table, column] of PATH_COLUMNS) {
    const rows = await db.selectFrom(table).select(`${column} as path`).where(column, 'in', paths).execute();
    for (const row of rows) if (row.path) found.add(row.path);
  }
  return found;
}

/** Deletes the unreferenced uploads older than a day (row first, then the file); answers how many. */
export async function removeUnreferencedUploads(db: Kysely<Database>, storage: Storage, at = Date.now()): Promise<number> {
  const cutoff = new Date(at - MIN_AGE_MS).toISOString();
  const inContent = await pathsInContent(db);
  let removed = 0;
  for (let after = 0; ;) {
    const batch = await db
      .selectFrom('media')
      .select(['id', 'path'])
      .where('id', '>', after)
      .where('created_at', '<', cutoff)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (batch.length === 0) break;
    after = batch.at(-1)!.id;
    const candidates = batch.filter((media) => !inContent.has(media.path));
    const inColumns =
      candidates.length > 0
        ? await pathsInColumns(
            db,
            candidates.map((media) => media.path),
          )
        : new Set<string>();
    for (const media of candidates) {
      if (inColumns.has(media.path)) continue;
      await db.deleteFrom('media').where('id', '=', media.id).execute();
      await storage.delete(storageKey(media.path));
      removed += 1;
    }
    await yieldToEvents();
  }
  return removed;
}

/** Runs the cleanup every `everySeconds` while the server runs (several servers may each run it: deleting twice is harmless). */
export function scheduleMediaCleanup(app: FastifyInstance, everySeconds: number): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    removeUnreferencedUploads(app.db, app.storage)
      .then((removed) => app.log.info({ removed }, 'unreferenced uploads removed'))
      .catch((err: unknown) => app.log.error({ err }, 'cleanup of unreferenced uploads failed'))
      .finally(() => {
        running = false;
      });
  }, everySeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
