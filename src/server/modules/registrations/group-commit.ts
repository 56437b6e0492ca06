/**
 * Group commit for registration creates (architecture §8): the creates one turn of the event loop
 * brings in are written together, so a deadline rush pays one commit per group instead of one per
 * student. Groups run one after another (one server's creates would queue behind one another's locks
 * anyway); later creates form the next group. Every caller is answered only once the transaction
 * holding its write has committed, so an answered create is as durable as one written alone.
 *
 * How a group is written is the caller's (registrations.service.ts writes a group as one set of
 * statements on both databases: on SQLite a statement a create would be most of its cost, and a
 * savepoint a create would keep them).
 */
import { perTurnBatches, type BatchRun } from '../../db/per-turn.js';

/** Enough to share a commit widely, few enough that one transaction stays short. */
const MAX_BATCH = 64;

/**
 * Answers each input's outcome once `write` has written it with the other inputs of its turn of the
 * event loop, one group at a time. Called with the database, never a transaction: a shared
 * transaction is the point.
 */
export const groupCommit = <I, T>(write: BatchRun<I, T>) => perTurnBatches(write, { oneAtATime: true, max: MAX_BATCH });
