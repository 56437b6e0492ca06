/**
 * What admit cards and room sheets print, read from the seat plan (architecture §9): only active,
 * paid students with a seat. Photos are read from storage and reduced to the printed size here, a
 * part at a time, so a centre's thousands of cards never sit in memory at once.
 */
import type { FastifyInstance } from 'fastify';
import { printedCode, sameCode, verifyCode } from './verify-code.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { storageKey } from '../media/index.js';
import { siteSettings } from '../site/index.js';
import { centreAddress } from './centres.resource.js';
import { loadSharp } from '../../lib/late-modules.js';
import { parseRooms } from './centre-columns.js';
import type { AdmitCard, ExamHeading, Photo, RoomSheet, SeatedStudent, Sitting } from './documents.js';
import { classesBySitting, sittingKeys, sittingOf } from './sittings.js';

/** Whose cards: an institute's (in roll order), a centre's (room by room, seat by seat), or one student's. */
export type CardScope = { institute_id: number } | { centre_id: number } | { registration_id: number };

/** Printed photo size: 3 × 4 cm at about 200 dpi. */
const PHOTO = { width: 240, height: 320 };

function seatedStudents(db: Kysely<Database>, scope: CardScope) {
  let query = db
    .selectFrom('exam_seats as s')
    .innerJoin('scholarship_registrations as r', 'r.id', 's.registration_id')
    .select([
      'r.id',
      'r.reg_no',
      'r.roll_no',
      'r.class',
      'r.class_roll',
      'r.name_bangla',
      'r.name_english',
      'r.father_name_bangla',
      'r.father_name_english',
      'r.mother_name',
      'r.mother_name_english',
      'r.institute_name',
      'r.institute_name_english',
      'r.photo',
      's.centre_id',
      's.room_index',
      's.seat',
      's.token',
    ])
    .where('r.status', '=', 1)
    .where('r.fee_status', '=', 'paid');
  if ('institute_id' in scope) query = query.where('r.institute_id', '=', scope.institute_id).orderBy('r.roll_no');
  else if ('centre_id' in scope) query = query.where('s.centre_id', '=', scope.centre_id).orderBy('s.room_index').orderBy('s.seat');
  else query = query.where('s.registration_id', '=', scope.registration_id);
  return query;
}
type SeatedRow = Awaited<ReturnType<ReturnType<typeof seatedStudents>['execute']>>[number];

/** How many cards a scope prints (the job's total). */
export async function countCards(db: Kysely<Database>, scope: CardScope): Promise<number> {
  const rows = await seatedStudents(db, scope)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .clearOrderBy()
    .executeTakeFirstOrThrow();
  return Number(rows.n);
}

export async function photoOf(app: FastifyInstance, path: string | null): Promise<Photo | null> {
  if (!path?.startsWith('uploads/')) return null;
  const file = await app.storage.get(storageKey(path));
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  const sharp = await loadSharp();
  try {
    const bytes = await sharp(Buffer.concat(chunks)).rotate().resize(PHOTO.width, PHOTO.height, { fit: 'cover' }).jpeg({ quality: 72 }).toBuffer();
    return { bytes, type: 'image/jpeg' };
  } catch {
    return null;
  }
}

async function heading(app: FastifyInstance) {
  const exam = await app.db.selectFrom('exams').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  const settings = await siteSettings(app.db);
  const head: ExamHeading = { name_bn: exam.name_bn, name_en: exam.name_en, organiser: settings.site_name ?? '' };
  const sittings = Object.fromEntries(
    (await app.db.selectFrom('exam_sittings').selectAll().execute())
      .filter((row) => row.date && row.reporting_time && row.start_time && row.end_time)
      .map((row) => [
        row.class,
        { date: row.date!, reporting_time: row.reporting_time!, start_time: row.start_time!, end_time: row.end_time! } satisfies Sitting,
      ]),
  );
  const instructions = exam.instructions
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return { head, sittings, instructions };
}

async function centresOf(db: Kysely<Database>, ids: readonly number[]) {
  const rows = ids.length
    ? await db
        .selectFrom('exam_centres')
        .selectAll()
        .where('id', 'in', [...new Set(ids)])
        .execute()
    : [];
  return new Map(rows.map((row) => [row.id, { name_bn: row.name_bn, name_en: row.name_en, address: centreAddress(row), rooms: parseRooms(row.rooms) }]));
}

/**
 * The cards of `scope`, one by one, read `size` at a time: each batch is read and its photos reduced
 * only when the generator has taken the previous one.
 */
export async function* seatedCards(app: FastifyInstance, scope: CardScope, size = 50): AsyncGenerator<AdmitCard> {
  const { head, sittings, instructions } = await heading(app);
  for (let offset = 0; ; offset += size) {
    const rows = await seatedStudents(app.db, scope).limit(size).offset(offset).execute();
    if (rows.length === 0) return;
    const centres = await centresOf(
      app.db,
      rows.map((row) => row.centre_id),
    );
    const photos = await Promise.all(rows.map((row) => photoOf(app, row.photo)));
    for (const [i, row] of rows.entries()) yield cardOf(app, row, photos[i]!, centres.get(row.centre_id)!, head, sittings[row.class] ?? null, instructions);
    if (rows.length < size) return;
  }
}

function cardOf(
  app: FastifyInstance,
  row: SeatedRow,
  photo: Photo | null,
  centre: { name_bn: string; name_en: string; address: string; rooms: { name: string }[] },
  exam: ExamHeading,
  sitting: Sitting | null,
  instructions: string[],
): AdmitCard {
  return {
    exam,
    instructions,
    student: {
      name_bn: row.name_bangla,
      name_en: row.name_english,
      father_bn: row.father_name_bangla,
      father_en: row.father_name_english,
      mother_bn: row.mother_name,
      mother_en: row.mother_name_english,
      photo,
      reg_no: row.reg_no,
      roll_no: row.roll_no,
      class: row.class,
      class_roll: row.class_roll,
    },
    institute: { name_bn: row.institute_name, name_en: row.institute_name_english },
    centre: { name_bn: centre.name_bn, name_en: centre.name_en, address: centre.address },
    room: centre.rooms[row.room_index]?.name ?? String(row.room_index + 1),
    seat: row.seat,
    sitting,
    verify_url: `${app.config.appUrl}/verify/${row.token}`,
    verify_page: `${app.config.appUrl}/verify`,
    verify_code: printedCode(verifyCode(row.token)),
  };
}

/**
 * A centre's room sheets: one per room and sitting that holds students (a room serves each sitting in
 * turn, and the invigilator of a day reads only that day's students), in seat order, with photos.
 */
export async function* roomSheets(app: FastifyInstance, centreId: number): AsyncGenerator<RoomSheet> {
  const { head, sittings } = await heading(app);
  const keys = await sittingKeys(app.db);
  const centre = (await centresOf(app.db, [centreId])).get(centreId);
  if (!centre) return;
  for (const [index, room] of centre.rooms.entries()) {
    const rows = await seatedStudents(app.db, { centre_id: centreId }).where('s.room_index', '=', index).execute();
    for (const [sitting, classes] of classesBySitting(keys)) {
      const seated = rows.filter((row) => sittingOf(keys, row.class) === sitting);
      if (seated.length === 0) continue;
      const photos = await Promise.all(seated.map((row) => photoOf(app, row.photo)));
      const students: SeatedStudent[] = seated.map((row, i) => ({
        seat: row.seat,
        roll_no: row.roll_no,
        reg_no: row.reg_no,
        name_bn: row.name_bangla,
        name_en: row.name_english,
        class: row.class,
        institute_name: row.institute_name ?? row.institute_name_english,
        photo: photos[i]!,
      }));
      yield {
        exam: head,
        centre: { name_bn: centre.name_bn, name_en: centre.name_en, address: centre.address },
        room: room.name,
        capacity: room.capacity,
        sittings: Object.fromEntries(classes.flatMap((klass) => (sittings[klass] ? [[klass, sittings[klass]]] : []))),
        students,
      };
    }
  }
}

const verifiedSeats = (db: Kysely<Database>) =>
  db
    .selectFrom('exam_seats as s')
    .innerJoin('scholarship_registrations as r', 'r.id', 's.registration_id')
    .innerJoin('exam_centres as c', 'c.id', 's.centre_id')
    .select(['s.token', 'r.name_bangla', 'r.name_english', 'r.roll_no', 'r.class', 'r.photo', 'c.name_bn as centre_bn', 'c.name_en as centre_en'])
    .where('r.status', '=', 1)
    .where('r.fee_status', '=', 'paid');

/** What the public verification page shows for a seat's token: nothing more than the admit card's own face. */
export async function verifiedSeat(db: Kysely<Database>, token: string) {
  // One read through the token's unique index whatever the token is, so a seated student's token answers
  // no slower than any other string, and a token names no registration to try others by.
  return verifiedSeats(db).where('s.token', '=', token).executeTakeFirst();
}

/** The same for a roll and the code printed on its card; one read by the roll's index and one hash whatever is typed. */
export async function verifiedSeatByCode(db: Kysely<Database>, roll: string, code: string) {
  const seat = await verifiedSeats(db).where('r.roll_no', '=', roll).executeTakeFirst();
  const matches = sameCode(verifyCode(seat?.token ?? `no seat:${roll}`), code);
  return seat && matches ? seat : undefined;
}
