/**
 * A real app on a real database for one test file: a fresh SQLite file, or a fresh PostgreSQL
 * database created on the server in TEST_DATABASE_URL and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { districtsOf, divisions, upazilasOf } from '../../common/geo/index.js';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const ADMIN = { email: 'admin@example.test', password: 'admin-password-1' };

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
};

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the PostgreSQL server of TEST_DATABASE_URL (creating or dropping a test database). */
export async function onPostgresServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function startTestApp(env: Record<string, string> = {}, overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scholarship-test-'));
  const postgres = process.env.TEST_DB === 'postgres';
  const dbName = `scholarship_test_${randomBytes(6).toString('hex')}`;
  if (postgres) await onPostgresServer(`create database ${dbName}`);
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(postgres ? { DATABASE_URL: databaseUrl(POSTGRES_URL, dbName) } : {}),
      ...env,
    }),
    ...overrides,
  };
  const testApp: TestApp = {
    app: await buildApp(config),
    config,
    dataDir,
    async close() {
      // The app of the moment: a restart test replaces the first with one of its own, which must end before its data goes.
      await testApp.app.close();
      if (postgres) await onPostgresServer(`drop database if exists ${dbName} with (force)`);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

export type Json = Record<string, unknown> & { message: string; data: never };

export function json(response: LightMyRequestResponse): Json {
  return response.json() as Json;
}

/** A division, one of its districts and one of that district's upazilas. */
export function someAddress(divisionIndex = 0) {
  const division = divisions[divisionIndex]!;
  const district = districtsOf(division.id)[0]!;
  const upazila = upazilasOf(district.id)[0]!;
  return { division_id: division.id, zilla_id: district.id, upozilla_id: upazila.id, names: { division, district, upazila } };
}

/** A valid student registration form (the n-th of a test): class four, a boy, the address given. */
export function validStudent(n: number, overrides: Record<string, unknown> = {}, address = someAddress()): Record<string, unknown> {
  return {
    class: '04',
    class_roll: String(n),
    gender: 'm',
    department: 'p',
    name_bangla: 'মোঃ করিম',
    name_english: `md karim ${n}`,
    father_name_english: 'abdul rahim',
    mother_name_english: 'rahima begum',
    contact_number: '01911000000',
    post_office: 'Savar',
    division_id: address.division_id,
    zilla_id: address.zilla_id,
    upozilla_id: address.upozilla_id,
    ...overrides,
  };
}

/** The i-th of many students of a load test, spread over both classes, both genders and eight divisions. */
export function mixedStudent(i: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return validStudent(i + 1, { class: i % 2 ? '04' : '07', gender: i % 3 ? 'm' : 'f', name_english: `student ${i}`, ...overrides }, someAddress(i % 8));
}

/** A complete, valid public registration; tests override single fields to make it bad. */
export function validRegistration(n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'ঢাকা আদর্শ বিদ্যালয়',
    institute_name_english: 'Dhaka Model School',
    contact_person: 'মোঃ রহিম উদ্দিন',
    phone_number: `0171${String(n).padStart(7, '0')}`,
    email: `school${n}@example.test`,
    institute_type: 'school',
    institute_level: 'play-10th',
    institute_management_type: 'private',
    division_id: someAddress().division_id,
    zilla_id: someAddress().zilla_id,
    upozilla_id: someAddress().upozilla_id,
    holding_no: 'Road 5',
    post_office: 'Dhanmondi',
    password: 'secret-pass-1',
    password_confirmation: 'secret-pass-1',
    ...overrides,
  };
}

export async function loginToken(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login as ${email} failed: ${res.body}`);
  return (res.json() as { data: { token: string } }).data.token;
}

export const adminToken = (t: TestApp) => loginToken(t, ADMIN.email, ADMIN.password);

/** Registers institute number `n` and logs it in. */
export async function instituteSession(t: TestApp, n: number): Promise<{ token: string; id: number; uid: string }> {
  const body = validRegistration(n);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 200) throw new Error(`registration ${n} failed: ${res.body}`);
  const { id, uid } = (res.json() as { data: { user: { id: number; uid: string } } }).data.user;
  return { token: await loginToken(t, uid, String(body.password)), id, uid };
}

/** An examiner account (docs/integrators/results.md) made by the admin through the users form, logged in. */
export async function examinerSession(t: TestApp, n: number): Promise<{ token: string; id: number; email: string; password: string }> {
  const body = validRegistration(n, { role: 'examiner', name: 'পরীক্ষক', institute_name_english: 'Examiner' });
  const res = await client(t, await adminToken(t)).post('/api/v1/users/store', body);
  if (res.status !== 200) throw new Error(`examiner ${n} failed: ${JSON.stringify(res.body)}`);
  const email = String(body.email);
  const password = String(body.password);
  return { token: await loginToken(t, email, password), id: (res.body.data as { id: number }).id, email, password };
}

/** An API client bound to one bearer token (or none), answering parsed JSON with the status. */
export function client(t: TestApp, token?: string) {
  const headers = { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
    const body = res.headers['content-type']?.toString().includes('json')
      ? (res.json() as { message: string; data: never })
      : { message: '', data: undefined as never };
    return { status: res.statusCode, body, raw: res };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown = {}) => call('POST', url, payload),
    delete: (url: string, payload: unknown = {}) => call('DELETE', url, payload),
  };
}
