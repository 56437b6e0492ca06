/**
 * The seat plan (architecture §9): every active, paid registration gets a centre, a room and a seat.
 * An institute sits at the centres that name it, else at those serving its upazila; their rooms fill
 * in order, in roll order (classes mixed, or each room holding one class), never over capacity. A
 * room serves each sitting in turn (sittings.ts), so its capacity is counted per sitting.
 * Seats already given stay; students no longer paid or active give theirs back; what cannot be
 * seated is reported with the reason. It works one group of institutes at a time: on SQLite the
 * group's students are read by a worker thread (reading a million scattered rows takes seconds), and
 * seats are written 1,000 per transaction, pausing between them, so the server keeps answering.
 */
import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import type { Seating } from '../../../common/constants.js';
import type { AllocationReport, Unseated } from '../../../common/schemas/exam.js';
import { firstColumnOf } from '../../db/off-loop-reads.js';
import type { ReadPool } from '../../db/read-pool.js';
import type { Database } from '../../db/types.js';
import { now } from '../../lib/time.js';
import { parseIds, parseRooms } from './centre-columns.js';
import { sittingKeys, sittingOf } from './sittings.js';

/** Seats written per transaction: one batch holds SQLite's connection for about ten milliseconds. */
const BATCH = 1000;
/** Institutes read per query: a group's students without a parameter list SQLite refuses. */
const INSTITUTES_PER_READ = 500;
/** Institutes named in a report's line: enough to act on, never a season's list. */
const SHORT_LISTED = 50;

/** A room in one sitting: its seats taken, the next one to try, and the class it holds when classes sit apart. */
type Sitting = { taken: Set<number>; next: number; class: string | null };
type Room = { capacity: number; sittings: Map<string, Sitting> };
type Centre = { id: number; rooms: Room[]; upazilas: number[]; institutes: number[]; seatsLoaded: boolean; added: number };
type SeatRow = { registration_id: number; centre_id: number; room_index: number; seat: number; class: string; token: string; created_at: string };

/** A seat's token: 128 random bits and nothing else (no id to find or guess by), looked up by its unique index. */
function tokensFor(count: number): string[] {
  const random = randomBytes(16 * count);
  return Array.from({ length: count }, (_, i) => random.subarray(16 * i, 16 * (i + 1)).toString('base64url'));
}

async function activeCentres(db: Kysely<Database>): Promise<Map<number, Centre>> {
  const rows = await db.selectFrom('exam_centres').select(['id', 'rooms', 'upazila_ids', 'institute_ids']).where('status', '=', 1).orderBy('id').execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        rooms: parseRooms(row.rooms).map((room) => ({ capacity: room.capacity, sittings: new Map() })),
        upazilas: parseIds(row.upazila_ids),
        institutes: parseIds(row.institute_ids),
        seatsLoaded: false,
        added: 0,
      },
    ]),
  );
}

/** A room's state in a sitting, made empty the first time it is asked for. */
function inSitting(room: Room, sitting: string): Sitting {
  let state = room.sittings.get(sitting);
  if (!state) room.sittings.set(sitting, (state = { taken: new Set(), next: 1, class: null }));
  return state;
}

/** The seats a centre already holds, read once, the first time a group uses it. */
async function loadSeats(db: Kysely<Database>, centre: Centre, sittings: ReadonlyMap<string, string>): Promise<void> {
  if (centre.seatsLoaded) return;
  centre.seatsLoaded = true;
  const seats = await db.selectFrom('exam_seats').select(['room_index', 'seat', 'class']).where('centre_id', '=', centre.id).execute();
  for (const seat of seats) {
    const room = centre.rooms[seat.room_index];
    if (!room) continue;
    const state = inSitting(room, sittingOf(sittings, seat.class));
    state.taken.add(seat.seat);
    state.class ??= seat.class;
  }
}

/** The next free seat of a room in a sitting that may take `klass`, or undefined when it is full or holds another class. */
function freeSeat(room: Room, state: Sitting, klass: string, seating: Seating): number | undefined {
  if (state.taken.size >= room.capacity) return undefined;
  if (seating === 'apart' && state.class !== null && state.class !== klass) return undefined;
  while (state.taken.has(state.next)) state.next++;
  return state.next <= room.capacity ? state.next : undefined;
}

/** Institutes that sit at the same centres form one group: their students fill those centres together. */
async function groupsOf(db: Kysely<Database>, centres: Map<number, Centre>) {
  const byInstitute = new Map<number, number[]>();
  const byUpazila = new Map<number, number[]>();
  for (const centre of centres.values()) {
    for (const id of centre.institutes) byInstitute.set(id, [...(byInstitute.get(id) ?? []), centre.id]);
    for (const id of centre.upazilas) byUpazila.set(id, [...(byUpazila.get(id) ?? []), centre.id]);
  }
  const institutes = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.id', 'users.role_id')
    .select(['users.id', 'users.upozilla_id'])
    .where('user_roles.slug', '=', 'institute')
    .orderBy('users.id')
    .execute();
  const groups = new Map<string, { centres: number[]; upozilla_id: number | null; institutes: number[] }>();
  for (const institute of institutes) {
    const named = byInstitute.get(institute.id);
    const serving = named ?? (institute.upozilla_id === null ? undefined : byUpazila.get(institute.upozilla_id));
    const key = serving ? `c:${serving.join(',')}` : `u:${institute.upozilla_id ?? 'none'}`;
    const group = groups.get(key) ?? { centres: serving ?? [], upozilla_id: named ? null : institute.upozilla_id, institutes: [] };
    group.institutes.push(institute.id);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export async function allocateSeats(
  db: Kysely<Database>,
  seating: Seating,
  progress: (done: number, total: number) => void,
  readPool?: ReadPool,
): Promise<AllocationReport> {
  const centres = await activeCentres(db);
  const sittings = await sittingKeys(db);
  const groups = await groupsOf(db, centres);
  const report: AllocationReport = { seating, kept: 0, seated: 0, released: 0, unseated: [], unseated_students: 0 };
  const entitled = sql<boolean>`r.status = 1 and r.fee_status = 'paid'`;
  let pending: SeatRow[] = [];
  let releasing: number[] = [];

  const flush = async () => {
    if (pending.length === 0 && releasing.length === 0) return;
    if (releasing.length > BATCH) {
      // Released seats beyond a batch go first, a transaction a batch, so no transaction writes more than that.
      const seats = pending;
      pending = [];
      while (releasing.length > BATCH) {
        const rest = releasing.splice(BATCH);
        await flush();
        releasing = rest;
      }
      pending = seats;
    }
    const [rows, released] = [pending, releasing];
    pending = [];
    releasing = [];
    const counts = new Map<number, number>();
    for (const row of rows) counts.set(row.centre_id, (counts.get(row.centre_id) ?? 0) + 1);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < released.length; i += BATCH) {
        const gone = await trx
          .deleteFrom('exam_seats')
          .where('registration_id', 'in', released.slice(i, i + BATCH))
          .returning('centre_id')
          .execute();
        for (const { centre_id: id } of gone) counts.set(id, (counts.get(id) ?? 0) - 1);
      }
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('exam_seats')
          .values(rows.slice(i, i + 500))
          .execute();
      const at = now();
      for (const [id, delta] of counts)
        if (delta !== 0)
          await trx
            .updateTable('exam_centres')
            .set((eb) => ({ seated: eb('seated', '+', delta), updated_at: at }))
            .where('id', '=', id)
            .execute();
    });
    await yieldToOthers();
  };

  for (const [done, group] of groups.entries()) {
    const serving = group.centres.map((id) => centres.get(id)!);
    for (const centre of serving) await loadSeats(db, centre, sittings);
    // Ids with the class in the last two digits (`id·100 + class`): one number a row through the worker.
    const unseated: number[] = [];
    for (let i = 0; i < group.institutes.length; i += INSTITUTES_PER_READ) {
      const institutes = group.institutes.slice(i, i + INSTITUTES_PER_READ);
      const released = await firstColumnOf(
        db,
        db
          .selectFrom('exam_seats as s')
          .innerJoin('scholarship_registrations as r', 'r.id', 's.registration_id')
          .select('s.registration_id')
          .where('r.institute_id', 'in', institutes)
          .where(sql<boolean>`not (${entitled})`),
        readPool,
      );
      if (released.length > 0) await release(released);
      const [kept] = await firstColumnOf(
        db,
        db
          .selectFrom('exam_seats as s')
          .innerJoin('scholarship_registrations as r', 'r.id', 's.registration_id')
          .select((eb) => eb.fn.countAll().as('kept'))
          .where('r.institute_id', 'in', institutes)
          .where(entitled),
        readPool,
      );
      report.kept += kept ?? 0;
      unseated.push(
        ...(await firstColumnOf(
          db,
          db
            .selectFrom('scholarship_registrations as r')
            .select(sql<number>`r.id * 100 + cast(r.class as integer)`.as('id_class'))
            .where('r.institute_id', 'in', institutes)
            .where(entitled)
            .where((eb) => eb.not(eb.exists(eb.selectFrom('exam_seats as s').select('s.seat').whereRef('s.registration_id', '=', 'r.id'))))
            .orderBy(seating === 'apart' ? sql`r.class, r.roll_no, r.id` : sql`r.roll_no, r.id`),
          readPool,
        )),
      );
    }
    if (unseated.length > 0) {
      // Several reads of one group each come in order; the group as a whole is put in order again.
      if (group.institutes.length > INSTITUTES_PER_READ) await sortByRoll(unseated);
      const short: number[] = [];
      const at = now();
      const tokens = tokensFor(unseated.length);
      for (const [n, value] of unseated.entries()) {
        const id = Math.floor(value / 100);
        const klass = String(value % 100).padStart(2, '0');
        const place = placeFor(serving, klass);
        if (!place) {
          short.push(id);
          continue;
        }
        place.centre.added++;
        report.seated++;
        pending.push({
          registration_id: id,
          centre_id: place.centre.id,
          room_index: place.index,
          seat: place.seat,
          class: klass,
          token: tokens[n]!,
          created_at: at,
        });
        if (pending.length >= BATCH) await flush();
      }
      if (short.length > 0) {
        const affected = await institutesOf(short);
        const reason: Unseated['reason'] = serving.length > 0 ? 'capacity_short' : group.upozilla_id === null ? 'no_upazila' : 'no_centre';
        report.unseated.push({
          reason,
          upozilla_id: group.upozilla_id,
          institutes: affected.count,
          students: short.length,
          centre_ids: group.centres,
          institute_list: affected.listed,
        });
        report.unseated_students += short.length;
      }
    }
    progress(done + 1, groups.length);
  }
  await flush();
  return report;

  /** The institutes of students left without a seat, with how many each, most first. */
  async function institutesOf(ids: number[]): Promise<{ count: number; listed: NonNullable<Unseated['institute_list']> }> {
    const counts = new Map<number, number>();
    for (let i = 0; i < ids.length; i += 10_000) {
      const rows = await db
        .selectFrom('scholarship_registrations')
        .select(['institute_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('id', 'in', ids.slice(i, i + 10_000))
        .groupBy('institute_id')
        .execute();
      for (const row of rows) counts.set(row.institute_id, (counts.get(row.institute_id) ?? 0) + Number(row.n));
    }
    const named = [...counts].sort(([a, m], [b, n]) => n - m || a - b).slice(0, SHORT_LISTED);
    const users = named.length
      ? await db
          .selectFrom('users')
          .select(['id', 'uid', 'institute_name', 'institute_name_english'])
          .where(
            'id',
            'in',
            named.map(([id]) => id),
          )
          .execute()
      : [];
    const byId = new Map(users.map((user) => [user.id, user]));
    const listed = named.map(([id, students]) => {
      const user = byId.get(id);
      return { uid: user?.uid ?? '', name: user ? (user.institute_name ?? user.institute_name_english) : null, students };
    });
    return { count: counts.size, listed };
  }

  /** Frees released seats for this run's newcomers: the next batch deletes them before inserting. */
  async function release(ids: number[]) {
    const seats = await db.selectFrom('exam_seats').select(['centre_id', 'room_index', 'seat', 'class']).where('registration_id', 'in', ids).execute();
    for (const seat of seats) {
      const centre = centres.get(seat.centre_id);
      if (!centre) continue;
      await loadSeats(db, centre, sittings);
      const room = centre.rooms[seat.room_index];
      if (!room) continue;
      const state = inSitting(room, sittingOf(sittings, seat.class));
      state.taken.delete(seat.seat);
      state.next = Math.min(state.next, seat.seat);
      if (state.taken.size === 0) state.class = null;
    }
    releasing.push(...ids);
    report.released += ids.length;
  }

  /** The roll order of a group read in several parts: one more read of the rolls of its students. */
  async function sortByRoll(values: number[]) {
    const roll = new Map<number, string>();
    for (let i = 0; i < values.length; i += 10_000) {
      const rows = await db
        .selectFrom('scholarship_registrations')
        .select(['id', 'roll_no', 'class'])
        .where(
          'id',
          'in',
          values.slice(i, i + 10_000).map((value) => Math.floor(value / 100)),
        )
        .execute();
      for (const row of rows) roll.set(row.id, `${seating === 'apart' ? row.class : ''}${row.roll_no}`);
    }
    const key = (value: number) => roll.get(Math.floor(value / 100)) ?? '';
    values.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a - b));
  }

  function placeFor(serving: Centre[], klass: string) {
    const sitting = sittingOf(sittings, klass);
    for (const centre of serving) {
      for (const [index, room] of centre.rooms.entries()) {
        const state = inSitting(room, sitting);
        const seat = freeSeat(room, state, klass, seating);
        if (seat === undefined) continue;
        state.taken.add(seat);
        state.class ??= klass;
        return { centre, index, seat };
      }
    }
    return undefined;
  }
}
