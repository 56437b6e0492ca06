/**
 * Several app servers started together on an empty database (architecture §9): the database is
 * migrated and seeded once, and every server starts.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { ADMIN, onPostgresServer, POSTGRES_URL } from '../../test/test-app.js';

const postgres = process.env.TEST_DB === 'postgres';
const dbName = `scholarship_test_${randomBytes(6).toString('hex')}`;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'start-together-'));
if (postgres) await onPostgresServer(`create database ${dbName}`);
const url = new URL(POSTGRES_URL);
url.pathname = `/${dbName}`;

afterAll(async () => {
  if (postgres) await onPostgresServer(`drop database if exists ${dbName} with (force)`);
  await fs.rm(dataDir, { recursive: true, force: true });
});

// Several servers share a database only on PostgreSQL; a SQLite file belongs to one server.
it.skipIf(!postgres)('migrates and seeds an empty database once when three servers start at the same moment', async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(postgres ? { DATABASE_URL: url.toString() } : {}),
  });
  const started = await Promise.allSettled([buildApp(config), buildApp(config), buildApp(config)]);
  const apps = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  try {
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(['started', 'started', 'started']);
    const db = apps[0]!.db;
    const migrations = await sql<{ name: string; n: number }>`select name, count(*) as n from kysely_migration group by name`.execute(db);
    expect(migrations.rows.length).toBeGreaterThan(0);
    expect(migrations.rows.every((row) => Number(row.n) === 1)).toBe(true);
    const admins = await db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.id', 'users.role_id')
      .select('users.id')
      .where('user_roles.slug', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
    for (const app of apps) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  } finally {
    for (const app of apps) await app.close();
  }
});
