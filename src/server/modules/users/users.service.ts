/** Rules on accounts shared by registration, the admin's user form and the profile. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { ValidationError } from '../../lib/errors.js';
import { takenContacts } from './users.repository.js';

const TAKEN_MESSAGE = { email: 'email_taken', phone_number: 'phone_taken' } as const;

/** An email or mobile number of another account is a 422 on that field, before anything is written. */
export async function refuseTakenContacts(db: Kysely<Database>, contact: { email?: string; phone_number?: string }, exceptId?: number): Promise<void> {
  const taken = await takenContacts(db, contact, exceptId);
  if (taken.length > 0) throw new ValidationError(Object.fromEntries(taken.map((column) => [column, [TAKEN_MESSAGE[column]]])));
}

/** The same rule when the database's unique index caught a race the check above could not see. */
export function takenContactError(column: string | undefined): ValidationError | undefined {
  return column === 'email' || column === 'phone_number' ? new ValidationError({ [column]: [TAKEN_MESSAGE[column]] }) : undefined;
}
