/** Runs pending migrations. The list is imported, not read from disk, so it works however the app is started. */
import { type Kysely, type Migration, Migrator } from 'kysely';
import * as initial from './migrations/2026-11-21-initial.js';
import * as registrationNumbers from './migrations/2026-11-22-registration-numbers.js';
import * as auditLog from './migrations/2026-11-24-audit-log.js';
import * as registrationSearch from './migrations/2026-11-23-registration-search.js';
import * as registrationTotals from './migrations/2026-11-23-registration-totals.js';
import * as mediaUploader from './migrations/2026-11-25-media-uploader.js';
import * as searchIndexPerGroup from './migrations/2026-11-26-search-index-per-group.js';
import * as registrationDuplicates from './migrations/2026-11-27-registration-duplicates.js';
import * as feeStatus from './migrations/2026-11-28-fee-status.js';
import * as outbox from './migrations/2026-11-29-outbox.js';
import * as paymentStatements from './migrations/2026-11-29-payment-statements.js';
import * as registrationRoll from './migrations/2026-11-30-registration-roll.js';
import * as loginProtection from './migrations/2026-12-01-login-protection.js';
import * as mediaReferences from './migrations/2026-12-02-media-references.js';
import * as twoFactor from './migrations/2026-12-03-two-factor.js';
import * as contactConfirmation from './migrations/2026-12-04-contact-confirmation.js';
import * as searchPendingList from './migrations/2026-12-05-search-pending-list.js';
import * as exam from './migrations/2026-12-06-exam.js';
import * as phoneCodes from './migrations/2026-12-07-phone-codes.js';
import * as results from './migrations/2026-12-08-results.js';

const migrations: Record<string, Migration> = {
  '2026-11-21-initial': initial,
  '2026-11-22-registration-numbers': registrationNumbers,
  '2026-11-24-audit-log': auditLog,
  '2026-11-23-registration-search': registrationSearch,
  '2026-11-23-registration-totals': registrationTotals,
  '2026-11-25-media-uploader': mediaUploader,
  '2026-11-26-search-index-per-group': searchIndexPerGroup,
  '2026-11-27-registration-duplicates': registrationDuplicates,
  '2026-11-28-fee-status': feeStatus,
  '2026-11-29-outbox': outbox,
  '2026-11-29-payment-statements': paymentStatements,
  '2026-11-30-registration-roll': registrationRoll,
  '2026-12-01-login-protection': loginProtection,
  '2026-12-02-media-references': mediaReferences,
  '2026-12-03-two-factor': twoFactor,
  '2026-12-04-contact-confirmation': contactConfirmation,
  '2026-12-05-search-pending-list': searchPendingList,
  '2026-12-06-exam': exam,
  '2026-12-07-phone-codes': phoneCodes,
  '2026-12-08-results': results,
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
