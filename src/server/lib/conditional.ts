/**
 * Conditional answers (architecture §10): an ETag made from versions the database already keeps
 * (`change_versions`, kept by triggers in every write's transaction; a result snapshot's version),
 * never from the body, so a matching If-None-Match is answered 304 before any row is read.
 *
 * The tag also covers everything else the body depends on: the caller (their rows and abilities), the
 * language of its messages, the full URL with its query, anything the route adds (the day a dashboard
 * counts from), and the server's own code, so servers of one build behind a balancer agree and a new
 * build never answers 304 to a body of the old shape. `private, no-cache`: the browser keeps the answer
 * and asks again each time, and its fetch sends If-None-Match by itself.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { requestLang } from './language.js';

/** The versions of `scopes`, in their order (0 for a scope never changed). */
export async function versionsOf(db: Kysely<Database>, scopes: readonly string[]): Promise<string[]> {
  const rows = await db.selectFrom('change_versions').select(['scope', 'version']).where('scope', 'in', scopes).execute();
  const byScope = new Map(rows.map((row) => [row.scope, String(row.version)]));
  return scopes.map((scope) => byScope.get(scope) ?? '0');
}

/**
 * Sets the answer's ETag from `versions` (and `parts`) and answers 304 when the request already holds it:
 * true when the reply is sent and the route has nothing left to do.
 */
export function answeredUnchanged(request: FastifyRequest, reply: FastifyReply, versions: readonly (string | number)[]): boolean {
  const etag = etagOf(request, versions);
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (!heldBy(request, etag)) return false;
  void reply.status(304).send();
  return true;
}

export function etagOf(request: FastifyRequest, versions: readonly (string | number)[]): string {
  const hash = createHash('sha256')
    .update(`${build()}\n${request.user?.id ?? ''}\n${requestLang(request)}\n${request.url}\n${versions.join(',')}`)
    .digest('base64url')
    .slice(0, 27);
  // Weak: the same answer is sent compressed or not, byte for byte different.
  return `W/"${hash}"`;
}

/** The request's If-None-Match names `etag` (or `*`), weakly compared: a W/ prefix is ignored on both sides. */
export function heldBy(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

let built: string | undefined;
/** A hash of the server's code (src/server and src/common, or the built files in their place): read once. */
function build(): string {
  if (built) return built;
  const hash = createHash('sha256');
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.[cm]?[jt]s$/.test(entry.name)) hash.update(entry.name).update(fs.readFileSync(file));
    }
  };
  for (const part of ['server', 'common']) if (fs.existsSync(path.join(root, part))) walk(path.join(root, part));
  built = hash.digest('base64url');
  return built;
}
