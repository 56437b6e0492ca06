/**
 * The database as Kysely sees it: every table's row type, generated from the migrations into
 * tables.generated.ts (`npm run db:types`, docs/developers/adding.md), and the domain unions its text
 * columns hold (scripts/db-types/overrides.ts names which).
 */
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { RowTables } from '../../common/resources.js';
import type { MenuRow, SubMenuRow, UserRoleRow } from '../../common/schemas/content.js';
import type { OutboxRow } from '../../common/schemas/outbox.js';
import type { SmsInboundOutcome } from '../../common/schemas/sms-inbound.js';
import type { Database } from './tables.generated.js';

export type * from './tables.generated.js';
// The unions some columns hold that are declared with their answers, here too for the code that reads those columns.
export type { JobState } from '../../common/schemas/jobs.js';
export type { ResultGrade, ResultState } from '../../common/schemas/results.js';
export type { PayoutMethod, WalletProvider } from '../../common/schemas/payouts.js';

export type NoticeChannel = z.output<typeof OutboxRow>['channel'];
export type OutboxState = z.output<typeof OutboxRow>['state'];
/** A send of notices in bulk: queuing → queued (all read), or stopped (its version is no longer the published one). */
export type NoticeSendState = 'queuing' | 'queued' | 'stopped';
export type StatementState = 'reading' | 'ready' | 'replaced';
export type StatementLineKind = 'matched' | 'amount_differs' | 'not_filed' | 'approved' | 'missing';
export type ResultRuleKind = 'cutoff' | 'quota';
export type ResultRuleScope = 'class' | 'upazila';
/** A stored inbound SMS's outcome: a duplicate is not stored. */
export type SmsInboundStored = Exclude<SmsInboundOutcome, 'duplicate'>;
export type PayoutBatchState = 'open' | 'closed';
export type PayoutLineState = 'pending' | 'paid' | 'failed';

type HoldsNull<T> = [null] extends [T] ? true : false;

/**
 * True when a row the API answers is its table's columns: the same names, each value one the column
 * holds (a union may be narrower than text), null only where the column allows it.
 */
type RowIsTable<Row, Columns> = [Exclude<keyof Columns, keyof Row>] extends [never]
  ? {
      [C in keyof Row]: C extends keyof Columns
        ? [Row[C]] extends [Columns[C]]
          ? HoldsNull<Row[C]> extends HoldsNull<Columns[C]>
            ? true
            : false
          : false
        : false;
    }[keyof Row] extends true
    ? true
    : false
  : false;

/** Rows the API answers as they are kept: tsc fails here, naming the table, when a migration and a row part. */
type RowsAreTables<
  Rows extends { [T in keyof Rows]: T extends keyof Database ? (RowIsTable<Rows[T], Selectable<Database[T]>> extends true ? unknown : never) : never },
> = Rows;
type _ResourceRows = RowsAreTables<
  { [T in keyof RowTables]: z.output<RowTables[T]> } & {
    user_roles: z.output<typeof UserRoleRow>;
    web_page_menus: z.output<typeof MenuRow>;
    web_page_sub_menus: Omit<z.output<typeof SubMenuRow>, 'menu'>;
    // What a message is about (`payment:12`) is the dispatcher's, never answered.
    outbox: z.output<typeof OutboxRow> & { topic: string };
  }
>;
