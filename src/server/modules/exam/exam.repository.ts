/**
 * The exam's SQL (a route calls its service, the service owns the rules, this file owns the queries): its sittings and subjects, the centres' totals, seats by centre, and
 * the few facts of other tables the exam's routes look up (an institute by its ID, a student's card).
 */
import { sql, type Transaction } from 'kysely';
import { type Db, lockingRows } from '../../db/handles.js';
import type { Database } from '../../db/types.js';
import { now } from '../../lib/time.js';
import { parseRooms } from './centre-columns.js';

export type SittingValues = { class: string; date: string | null; reporting_time: string | null; start_time: string | null; end_time: string | null };
export type SubjectValues = { class: string; name_bn: string; name_en: string; full_marks: number; position: number };

export const readSittings = (db: Db) => db.selectFrom('exam_sittings').selectAll().orderBy('class').execute();

export const readSubjects = (db: Db) => db.selectFrom('exam_subjects').selectAll().orderBy('class').orderBy('position').execute();

/** Active centres, their seats and the seats given. */
export async function centreTotals(db: Db): Promise<{ centres: number; capacity: number; seated: number }> {
  const totals = await db
    .selectFrom('exam_centres')
    .select([
      (eb) => eb.fn.countAll<number>().as('centres'),
      (eb) => eb.fn.sum<number>('capacity').as('capacity'),
      (eb) => eb.fn.sum<number>('seated').as('seated'),
    ])
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  return { centres: Number(totals.centres), capacity: Number(totals.capacity ?? 0), seated: Number(totals.seated ?? 0) };
}

export async function updateSitting(trx: Transaction<Database>, sitting: SittingValues): Promise<void> {
  const { class: klass, ...times } = sitting;
  await trx.updateTable('exam_sittings').set(times).where('class', '=', klass).execute();
}

export async function deleteSubjects(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await trx.deleteFrom('exam_subjects').where('id', 'in', ids).execute();
}

export async function saveSubject(trx: Transaction<Database>, id: number | undefined, values: SubjectValues): Promise<void> {
  if (id === undefined) await trx.insertInto('exam_subjects').values(values).execute();
  else await trx.updateTable('exam_subjects').set(values).where('id', '=', id).execute();
}

/** Whether two of these classes hold the same seat of a room. */
export async function seatsClash(trx: Transaction<Database>, classes: readonly string[]): Promise<boolean> {
  const clash = await trx
    .selectFrom('exam_seats')
    .select(['centre_id'])
    .where('class', 'in', classes)
    .groupBy(['centre_id', 'room_index', 'seat'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .limit(1)
    .execute();
  return clash.length > 0;
}

/** Centres by id, locked to the commit on PostgreSQL, in id order (the order a centre's own edit takes them in). */
export async function lockCentres(trx: Transaction<Database>, ids: readonly number[]) {
  const query = trx.selectFrom('exam_centres').select(['id', 'rooms', 'status']).where('id', 'in', ids).orderBy('id');
  const rows = await lockingRows(trx, query).execute();
  return rows.map((row) => ({ ...row, rooms: parseRooms(row.rooms) }));
}

/** A centre's seats: room, seat and class, with whose seat it is. */
export const seatsAt = (db: Db, centreId: number) =>
  db
    .selectFrom('exam_seats')
    .select(['registration_id', 'room_index', 'seat', 'class'])
    .where('centre_id', '=', centreId)
    .orderBy('room_index')
    .orderBy('seat')
    .execute();

/**
 * Every seat of `from` to its place at `to`, in two steps so a seat number freed at `to` is never held
 * twice in between, and both centres' counts with them.
 */
export async function moveSeatsTo(
  trx: Transaction<Database>,
  from: number,
  to: number,
  placed: readonly { registration_id: number; place: { room_index: number; seat: number } }[],
): Promise<void> {
  await trx
    .updateTable('exam_seats')
    .set({ centre_id: to, room_index: -1, seat: sql<number>`-registration_id` })
    .where('centre_id', '=', from)
    .execute();
  for (const { registration_id, place } of placed) await trx.updateTable('exam_seats').set(place).where('registration_id', '=', registration_id).execute();
  const at = now();
  await trx.updateTable('exam_centres').set({ seated: 0, updated_at: at }).where('id', '=', from).execute();
  await trx
    .updateTable('exam_centres')
    .set((eb) => ({ seated: eb('seated', '+', placed.length), updated_at: at }))
    .where('id', '=', to)
    .execute();
}

/** A registration leaves the seat plan: its seat goes and its centre counts one fewer. */
export async function deleteSeats(trx: Transaction<Database>, registrationIds: readonly number[]): Promise<void> {
  if (registrationIds.length === 0) return;
  const seats = await trx.deleteFrom('exam_seats').where('registration_id', 'in', registrationIds).returning('centre_id').execute();
  const freed = new Map<number, number>();
  for (const { centre_id } of seats) freed.set(centre_id, (freed.get(centre_id) ?? 0) + 1);
  for (const [centreId, count] of freed)
    await trx
      .updateTable('exam_centres')
      .set((eb) => ({ seated: eb('seated', '-', count) }))
      .where('id', '=', centreId)
      .execute();
}

/** An institute's row id by the ID it logs in with. */
export async function instituteIdByUid(db: Db, uid: string): Promise<number | undefined> {
  const institute = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.id', 'users.role_id')
    .select('users.id')
    .where('users.uid', '=', uid)
    .where('user_roles.slug', '=', 'institute')
    .executeTakeFirst();
  return institute?.id;
}

/** The ID an institute logs in with. */
export async function instituteUid(db: Db, id: number): Promise<string | undefined> {
  return (await db.selectFrom('users').select('uid').where('id', '=', id).executeTakeFirst())?.uid;
}

/** What one student's admit card route needs to know of the registration. */
export const registrationOfCard = (db: Db, id: number) =>
  db.selectFrom('scholarship_registrations').select(['id', 'institute_id', 'reg_no']).where('id', '=', id).executeTakeFirst();

export const centreSeated = (db: Db, id: number) => db.selectFrom('exam_centres').select(['id', 'seated']).where('id', '=', id).executeTakeFirst();
