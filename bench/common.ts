/** What the seed and the benchmark share: the database argument, the session file between them, a seeded PRNG. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../src/server/config.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const dataDir = path.join(root, 'bench/data');
export const DEFAULT_DB = `sqlite:${path.join(dataDir, 'bench.sqlite')}`;

/** `sqlite:/path` or `postgres://…` as the app's configuration reads DATABASE_URL. */
export function databaseOf(url: string): Config['database'] {
  if (/^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', url };
  if (url.startsWith('sqlite:')) return { dialect: 'sqlite', file: path.resolve(url.slice('sqlite:'.length)) };
  throw new Error(`--db must be sqlite:/path or postgres://…, got ${url}`);
}

/** The seed writes, next to the data, the accounts and tokens the benchmark drives the server with. */
export function sessionFileOf(database: Config['database']): string {
  if (database.dialect === 'sqlite') return `${database.file}.session.json`;
  return path.join(dataDir, `postgres-${new URL(database.url).pathname.slice(1) || 'postgres'}.session.json`);
}

export type Session = {
  seed: number;
  institutes: number;
  registrations: number;
  password: string;
  admin: { email: string; token: string };
  /** Institutes with a bench token: id, login email and token. */
  instituteTokens: { id: number; email: string; token: string }[];
  /** Pending payments the approval scenario may approve, with their form values. */
  pendingPayments: { id: number; institute_id: number; amount: number; payment_method: string; transaction_id: string; date: string }[];
  /** Registration numbers and mobiles that exist, for the search scenarios. */
  samples: { regNos: string[]; mobiles: string[]; names: string[] };
  pages: string[];
  seededInSeconds: number;
};

/** mulberry32: small, fast and the same sequence for the same seed on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
