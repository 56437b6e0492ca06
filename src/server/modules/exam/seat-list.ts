/**
 * The admin's seat list on screen (architecture §10: seats per sitting): a centre's or an institute's
 * seats in the order of their sittings, then centre, room and seat, with each student's roll, names
 * and institute by the ID it logs in with. A page at a time: a centre holds thousands.
 */
import type { Kysely } from 'kysely';
import type { SeatListPage } from '../../../common/schemas/exam.js';
import type { Database } from '../../db/types.js';
import { parseRooms } from './centre-columns.js';

export type SeatListScope = { centre_id?: number; institute_id?: number };

export async function seatList(db: Kysely<Database>, scope: SeatListScope, page: number, perPage: number): Promise<SeatListPage> {
  let query = db
    .selectFrom('exam_seats as s')
    .innerJoin('scholarship_registrations as r', 'r.id', 's.registration_id')
    .innerJoin('exam_centres as c', 'c.id', 's.centre_id')
    .leftJoin('users as u', 'u.id', 'r.institute_id')
    .leftJoin('exam_sittings as t', 't.class', 's.class');
  if (scope.centre_id !== undefined) query = query.where('s.centre_id', '=', scope.centre_id);
  if (scope.institute_id !== undefined) query = query.where('r.institute_id', '=', scope.institute_id);
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select([
      't.date',
      't.start_time',
      's.centre_id',
      'c.name_bn as centre_name',
      'c.rooms',
      's.room_index',
      's.seat',
      's.class',
      'r.roll_no',
      'r.reg_no',
      'r.name_bangla',
      'r.name_english',
      'u.uid as institute_uid',
      'u.institute_name',
      'u.institute_name_english',
    ])
    .orderBy('t.date')
    .orderBy('t.start_time')
    .orderBy('s.centre_id')
    .orderBy('s.room_index')
    .orderBy('s.seat')
    .orderBy('s.class')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const roomNames = new Map<number, string[]>();
  const roomOf = (centre: number, rooms: string, index: number) => {
    let names = roomNames.get(centre);
    if (!names) roomNames.set(centre, (names = parseRooms(rooms).map((room) => room.name)));
    return names[index] ?? String(index + 1);
  };
  return {
    total: Number(counted.n),
    page,
    per_page: perPage,
    rows: rows.map(({ rooms, institute_name, institute_name_english, ...row }) => ({
      ...row,
      room: roomOf(row.centre_id, rooms, row.room_index),
      institute_name: institute_name ?? institute_name_english,
    })),
  };
}
