/**
 * The floor the benchmark measures the API against: a bare node:http server answering only
 * GET /api/v1/scholarship-registrations for an institute, with the same work the API must do —
 * the bearer token looked up by its digest, the count and the newest 100 rows by prepared
 * statements — and the same JSON. No framework, no validation, no hooks. And GET /result?roll=&reg=:
 * the published result snapshot's row for the roll by a prepared statement, checked against the
 * registration number, answered with the same result HTML as the site's lookup (without the site's frame).
 *
 * node --import tsx bench/floor.ts <port> <sqlite:/path | postgres://…>
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { REGISTRATION_PAGE_SIZE } from '../src/common/constants.js';
import { translate } from '../src/common/messages.js';
import { paginate, pageUrlOf } from '../src/server/lib/resource/paginator.js';
import { registrationResource } from '../src/server/modules/registrations/registrations.resource.js';
import type { ResultDocument } from '../src/common/schemas/results.js';
import { resultMain } from '../src/server/modules/results/lookup.routes.js';
import { databaseOf } from './common.js';

const [portArg, dbArg] = process.argv.slice(2);
const database = databaseOf(dbArg ?? '');
const columns = registrationResource.listColumns!;

const TOKEN_SQL = `select users.id from users join access_tokens on access_tokens.user_id = users.id
  where access_tokens.token_hash = $1 and access_tokens.expires_at > $2 and users.status = 1`;
const COUNT_SQL = 'select count(*) as total from scholarship_registrations where status = 1 and institute_id = $1';
const ROWS_SQL = `select ${columns.map((c) => `"${c}"`).join(', ')} from scholarship_registrations
  where status = 1 and institute_id = $1 order by id desc limit ${REGISTRATION_PAGE_SIZE}`;

const RESULT_SQL = `select s.reg_no, s.birth_certificate_no, s.doc from exams e
  left join result_snapshot s on s.version = e.results_version and s.roll_no = $1 where e.id = 1`;
type Snapshot = { reg_no: string | null; birth_certificate_no: string | null; doc: string | null };

type Queries = {
  result(roll: string): Promise<Snapshot | undefined>;
  user(digest: string, at: string): Promise<number | undefined>;
  list(instituteId: number): Promise<{ total: number; rows: Record<string, unknown>[] }>;
};

function sqliteQueries(file: string): Queries {
  const db = new SQLite(file, { readonly: true });
  const sqlite = (text: string) => db.prepare(text.replace(/\$\d/g, '?'));
  const user = sqlite(TOKEN_SQL);
  const count = sqlite(COUNT_SQL);
  const rows = sqlite(ROWS_SQL);
  const result = sqlite(RESULT_SQL);
  return {
    async result(roll) {
      return result.get(roll) as Snapshot | undefined;
    },
    async user(digest, at) {
      return (user.get(digest, at) as { id: number } | undefined)?.id;
    },
    async list(id) {
      return { total: (count.get(id) as { total: number }).total, rows: rows.all(id) as Record<string, unknown>[] };
    },
  };
}

function postgresQueries(url: string): Queries {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pg.types.setTypeParser(pg.types.builtins.INT8, Number);
  return {
    async result(roll) {
      const { rows } = await pool.query<Snapshot>({ name: 'result', text: RESULT_SQL, values: [roll] });
      return rows[0];
    },
    async user(digest, at) {
      const { rows } = await pool.query<{ id: number }>({ name: 'user', text: TOKEN_SQL, values: [digest, at] });
      return rows[0]?.id;
    },
    async list(id) {
      const [count, rows] = await Promise.all([
        pool.query<{ total: number }>({ name: 'count', text: COUNT_SQL, values: [id] }),
        pool.query({ name: 'rows', text: ROWS_SQL, values: [id] }),
      ]);
      return { total: count.rows[0]!.total, rows: rows.rows };
    },
  };
}

const queries = database.dialect === 'sqlite' ? sqliteQueries(database.file) : postgresQueries(database.url);
const present = registrationResource.present!;

const server = http.createServer((request, response) => {
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  if (request.url?.startsWith('/result?')) {
    const query = new URL(request.url, 'http://floor').searchParams;
    const roll = query.get('roll') ?? '';
    const reg = query.get('reg') ?? '';
    queries
      .result(roll)
      .then((row) => {
        const found = row?.doc && (row.reg_no === reg || row.birth_certificate_no === reg);
        response.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
        response.end(found ? resultMain(JSON.parse(row.doc!) as ResultDocument, `/result/slip?roll=${roll}&reg=${reg}`).value : 'not found');
      })
      .catch((error: unknown) => send(500, { message: String(error), data: null }));
    return;
  }
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!request.url?.startsWith('/api/v1/scholarship-registrations') || !token) return send(404, { message: 'not found', data: null });
  (async () => {
    const id = await queries.user(createHash('sha256').update(token).digest('hex'), new Date().toISOString());
    if (id === undefined) return send(401, { message: translate('bn', 'unauthenticated'), data: null });
    const { total, rows } = await queries.list(id);
    send(200, {
      message: translate('bn', 'ok'),
      data: paginate(
        rows.map((row) => present(row, true)),
        total,
        1,
        REGISTRATION_PAGE_SIZE,
        pageUrlOf(request.url!),
      ),
    });
  })().catch((error: unknown) => send(500, { message: String(error), data: null }));
});
server.listen(Number(portArg), '127.0.0.1', () => console.log('floor listening'));
