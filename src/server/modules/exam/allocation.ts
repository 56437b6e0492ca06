/**
 * The seat plan (architecture §9): every active, paid registration gets a centre, a room and a seat.
 * An institute sits at the centres that name it, else at those serving its upazila; their rooms fill
 * in order, in roll order (classes mixed, or each room holding one class), never over capacity.
 * Seats already given stay; students no longer paid or active give theirs back; what cannot be
 * seated is reported with the reason. It works one group of institutes at a time and writes in
 * batches, each its own transaction, yielding between them so the server keeps answering.
 */
import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Seating } from '../../../common/constants.js';
import type { Database } from '../../db/types.js';
import { now } from '../../lib/time.js';

/** Seats written per transaction: small enough that one batch holds SQLite's connection for a few milliseconds. */
const BATCH = 1000;
/** Institutes read per query: a group of institutes' students without a parameter list SQLite refuses. */
const INSTITUTES_PER_READ = 500;

export type UnseatedReason = 'no_upazila' | 'no_centre' | 'capacity_short';
export type Unseated = { reason: UnseatedReason; upozilla_id: number | null; institutes: number; students: number; centre_ids: number[] };
export type AllocationReport = {
  seating: Seating;
  kept: number;
  seated: number;
  released: number;
  unseated: Unseated[];
  unseated_students: number;
};

type Room = { capacity: number; taken: Set<number>; next: number; class: string | null };
type Centre = { id: number; rooms: Room[]; upazilas: number[]; institutes: number[]; seatsLoaded: boolean; added: number; released: number };
type Student = { id: number; institute_id: number; class: string; roll_no: string };
type SeatRow = {
  registration_id: number;
  institute_id: number;
  centre_id: number;
  room_index: number;
  seat: number;
  class: string;
  token: string;
  created_at: string;
};

/** A token of 128 random bits, URL-safe: the admit card's QR code carries it. */
export function seatToken(): string {
  return randomBytes(16).toString('base64url');
}

async function activeCentres(db: Kysely<Database>): Promise<Map<number, Centre>> {
  const rows = await db.selectFrom('exam_centres').select(['id', 'rooms', 'upazila_ids', 'institute_ids']).where('status', '=', 1).orderBy('id').execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        rooms: (JSON.parse(row.rooms) as { capacity: number }[]).map((room) => ({ capacity: room.capacity, taken: new Set<number>(), next: 1, class: null })),
        upazilas: JSON.parse(row.upazila_ids) as number[],
        institutes: JSON.parse(row.institute_ids) as number[],
        seatsLoaded: false,
        added: 0,
        released: 0,
      },
    ]),
  );
}

/** The seats a centre already holds, read once, the first time a group uses it. */
async function loadSeats(db: Kysely<Database>, centre: Centre): Promise<void> {
  if (centre.seatsLoaded) return;
  centre.seatsLoaded = true;
  const seats = await db.selectFrom('exam_seats').select(['room_index', 'seat', 'class']).where('centre_id', '=', centre.id).execute();
  for (const seat of seats) {
    const room = centre.rooms[seat.room_index];
    if (!room) continue;
    room.taken.add(seat.seat);
    room.class ??= seat.class;
  }
}

/** The next free seat of a room that may take `klass`, or undefined when the room is full or holds another class. */
function freeSeat(room: Room, klass: string, seating: Seating): number | undefined {
  if (room.taken.size >= room.capacity) return undefined;
  if (seating === 'apart' && room.class !== null && room.class !== klass) return undefined;
  while (room.taken.has(room.next)) room.next++;
  return room.next <= room.capacity ? room.next : undefined;
}

export async function allocateSeats(db: Kysely<Database>, seating: Seating, progress: (done: number, total: number) => void): Promise<AllocationReport> {
  const centres = await activeCentres(db);
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
  // Institutes that sit at the same centres form one group: their students fill those centres together.
  const groups = new Map<string, { centres: number[]; upozilla_id: number | null; institutes: number[] }>();
  for (const institute of institutes) {
    const named = byInstitute.get(institute.id);
    const serving = named ?? (institute.upozilla_id === null ? undefined : byUpazila.get(institute.upozilla_id));
    const key = serving ? `c:${serving.join(',')}` : `u:${institute.upozilla_id ?? 'none'}`;
    const group = groups.get(key) ?? { centres: serving ?? [], upozilla_id: named ? null : institute.upozilla_id, institutes: [] };
    group.institutes.push(institute.id);
    groups.set(key, group);
  }

  const report: AllocationReport = { seating, kept: 0, seated: 0, released: 0, unseated: [], unseated_students: 0 };
  let pending: SeatRow[] = [];
  let releasing: number[] = [];
  const flush = async () => {
    if (pending.length === 0 && releasing.length === 0) return;
    const rows = pending;
    const released = releasing;
    pending = [];
    releasing = [];
    const touched = [...centres.values()].filter((centre) => centre.added !== 0 || centre.released !== 0);
    const counts = touched.map((centre) => ({ id: centre.id, delta: centre.added - centre.released }));
    for (const centre of touched) centre.added = centre.released = 0;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < released.length; i += BATCH)
        await trx
          .deleteFrom('exam_seats')
          .where('registration_id', 'in', released.slice(i, i + BATCH))
          .execute();
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('exam_seats')
          .values(rows.slice(i, i + 500))
          .execute();
      const at = now();
      for (const { id, delta } of counts)
        if (delta !== 0)
          await trx
            .updateTable('exam_centres')
            .set((eb) => ({ seated: eb('seated', '+', delta), updated_at: at }))
            .where('id', '=', id)
            .execute();
    });
    await yieldToOthers();
  };

  let done = 0;
  const total = groups.size;
  for (const group of groups.values()) {
    const students: Student[] = [];
    for (let i = 0; i < group.institutes.length; i += INSTITUTES_PER_READ) {
      const rows = await db
        .selectFrom('scholarship_registrations as r')
        .leftJoin('exam_seats as s', 's.registration_id', 'r.id')
        .select(['r.id', 'r.institute_id', 'r.class', 'r.roll_no', 'r.status', 'r.fee_status', 's.centre_id', 's.room_index', 's.seat'])
        .where('r.institute_id', 'in', group.institutes.slice(i, i + INSTITUTES_PER_READ))
        .execute();
      for (const row of rows) {
        const entitled = row.status === 1 && row.fee_status === 'paid';
        if (row.centre_id === null) {
          if (entitled) students.push(row);
        } else if (entitled) report.kept++;
        else {
          releasing.push(row.id);
          report.released++;
          const centre = centres.get(row.centre_id);
          if (centre) {
            await loadSeats(db, centre);
            centre.released++;
            // Free for this run's newcomers: the batch deletes it before inserting theirs.
            const room = centre.rooms[row.room_index!];
            if (room) {
              room.taken.delete(row.seat!);
              room.next = Math.min(room.next, row.seat!);
              if (room.taken.size === 0) room.class = null;
            }
          }
        }
      }
      await yieldToOthers();
    }
    if (students.length > 0) {
      students.sort((a, b) =>
        seating === 'apart' && a.class !== b.class ? (a.class < b.class ? -1 : 1) : a.roll_no < b.roll_no ? -1 : a.roll_no > b.roll_no ? 1 : a.id - b.id,
      );
      const serving = group.centres.map((id) => centres.get(id)!);
      for (const centre of serving) await loadSeats(db, centre);
      const short: Student[] = [];
      const at = now();
      for (const student of students) {
        let placed = false;
        for (const centre of serving) {
          for (let index = 0; index < centre.rooms.length && !placed; index++) {
            const room = centre.rooms[index]!;
            const seat = freeSeat(room, student.class, seating);
            if (seat === undefined) continue;
            room.taken.add(seat);
            room.class ??= student.class;
            centre.added++;
            placed = true;
            pending.push({
              registration_id: student.id,
              institute_id: student.institute_id,
              centre_id: centre.id,
              room_index: index,
              seat,
              class: student.class,
              token: seatToken(),
              created_at: at,
            });
          }
          if (placed) break;
        }
        if (placed) report.seated++;
        else short.push(student);
        if (pending.length >= BATCH) await flush();
      }
      if (short.length > 0) {
        const reason: UnseatedReason = serving.length > 0 ? 'capacity_short' : group.upozilla_id === null ? 'no_upazila' : 'no_centre';
        const institutesShort = new Set(short.map((student) => student.institute_id)).size;
        report.unseated.push({ reason, upozilla_id: group.upozilla_id, institutes: institutesShort, students: short.length, centre_ids: group.centres });
        report.unseated_students += short.length;
      }
    }
    progress(++done, total);
  }
  await flush();
  return report;
}
