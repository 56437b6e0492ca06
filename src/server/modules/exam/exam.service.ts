/**
 * The exam's own facts (architecture §9): names, instructions, how rooms are filled, each class's
 * sitting and subjects, and whether admit cards are out; and moving a centre's students to another.
 */
import type { Kysely, Transaction } from 'kysely';
import { CLASS_CODES } from '../../../common/constants.js';
import type { Seating } from '../../../common/constants.js';
import { ClassCode, type ExamBody, type ExamView, type SeatListQuery } from '../../../common/schemas/exam.js';
import { toAsciiDigits } from '../../../common/validation.js';
import type { ReadPool } from '../../db/read-pool.js';
import type { Database } from '../../db/types.js';
import { recordAudit } from '../../lib/audit.js';
import { ValidationError } from '../../lib/errors.js';
import { refuseWhileJobs } from '../../lib/jobs/jobs.js';
import type { Caller, TransactionContext } from '../../lib/resource/definition.js';
import { noticeAdmitCardsPublished } from '../notices/index.js';
import { invalidateResults, lockSeason, readSeason, saveExamFacts, setAdmitCardsPublished } from '../season/index.js';
import {
  centreTotals,
  deleteSubjects,
  instituteIdByUid,
  lockCentres,
  moveSeatsTo,
  readSittings,
  readSubjects,
  saveSubject,
  seatsAt,
  seatsClash,
  updateSitting,
} from './exam.repository.js';
import { allocateSeats } from './allocation.js';
import { seatList } from './seat-list.js';
import { classesBySitting, sittingKeys, sittingOf } from './sittings.js';

export async function readExam(db: Kysely<Database> | Transaction<Database>): Promise<ExamView> {
  const exam = await readSeason(db);
  const sittings = await readSittings(db);
  const subjects = await readSubjects(db);
  return {
    name_bn: exam.name_bn,
    name_en: exam.name_en,
    instructions: exam.instructions,
    seating: exam.seating,
    admit_cards_published: exam.admit_cards_published,
    updated_at: exam.updated_at,
    sittings: CLASS_CODES.map((klass) => {
      const sitting = sittings.find((row) => row.class === klass);
      return {
        class: klass,
        date: sitting?.date ?? null,
        reporting_time: sitting?.reporting_time ?? null,
        start_time: sitting?.start_time ?? null,
        end_time: sitting?.end_time ?? null,
      };
    }),
    subjects: subjects.map(({ id, class: klass, name_bn, name_en, full_marks }) => ({ id, class: ClassCode.parse(klass), name_bn, name_en, full_marks })),
    ...(await centreTotals(db)),
  };
}

/** Saves the whole exam form: subjects keep their ids (marks will refer to them), new ones are added, missing ones removed. */
export async function saveExam(ctx: TransactionContext, body: ExamBody): Promise<void> {
  const { trx } = ctx;
  const before = await readExam(trx);
  const known = new Set(before.subjects.map((subject) => subject.id));
  body.subjects.forEach((subject, i) => {
    if (subject.id !== undefined && !known.has(subject.id)) throw new ValidationError({ [`subjects.${i}.id`]: ['invalid_choice'] });
  });
  await saveExamFacts(trx, { name_bn: body.name_bn, name_en: body.name_en, instructions: body.instructions, seating: body.seating });
  for (const sitting of body.sittings)
    await updateSitting(trx, {
      class: sitting.class,
      date: sitting.date ?? null,
      reporting_time: sitting.reporting_time ?? null,
      start_time: sitting.start_time ?? null,
      end_time: sitting.end_time ?? null,
    });
  const sittingsChanged = JSON.stringify(before.sittings) !== JSON.stringify((await readExam(trx)).sittings);
  if (sittingsChanged) await checkSittingSeats(trx, body);
  const kept = body.subjects.flatMap((subject) => (subject.id === undefined ? [] : [subject.id]));
  const removed = [...known].filter((id) => !kept.includes(id));
  await deleteSubjects(trx, removed);
  for (const [position, subject] of body.subjects.entries())
    await saveSubject(trx, subject.id, { class: subject.class, name_bn: subject.name_bn, name_en: subject.name_en, full_marks: subject.full_marks, position });
  const after = await readExam(trx);
  // A subject added, removed or given other full marks: the processed result no longer matches the exam.
  if (JSON.stringify(before.subjects) !== JSON.stringify(after.subjects)) await invalidateResults(trx);
  const fields = ['name_bn', 'name_en', 'instructions', 'seating', 'sittings', 'subjects'] as const;
  const changed = fields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  if (changed.length > 0)
    await recordAudit(trx, {
      actor: ctx.user,
      client: ctx.client,
      action: 'exam.update',
      entity: 'exam',
      entityId: 1,
      before: Object.fromEntries(changed.map((field) => [field, before[field]])),
      after: Object.fromEntries(changed.map((field) => [field, after[field]])),
    });
}

/**
 * Sittings changed: not while the allocation runs (it counts seats per sitting), and never so that two
 * classes now sitting together hold the same seat of a room.
 */
async function checkSittingSeats(trx: Transaction<Database>, body: ExamBody): Promise<void> {
  await refuseWhileJobs(trx, ['allocation']);
  for (const [, classes] of classesBySitting(await sittingKeys(trx))) {
    if (classes.length < 2) continue;
    if (!(await seatsClash(trx, classes))) continue;
    const index = body.sittings.findIndex((sitting) => classes.includes(sitting.class));
    throw new ValidationError({ [index < 0 ? 'sittings' : `sittings.${index}.date`]: ['sitting_seats_clash'] });
  }
}

export async function publishAdmitCards(ctx: TransactionContext, published: number): Promise<void> {
  const exam = await lockSeason(ctx.trx);
  if (exam.admit_cards_published === published) return;
  await setAdmitCardsPublished(ctx.trx, published);
  if (published === 1) await noticeAdmitCardsPublished(ctx.trx);
  await recordAudit(ctx.trx, {
    actor: ctx.user,
    client: ctx.client,
    action: 'exam.publish',
    entity: 'exam',
    entityId: 1,
    before: { admit_cards_published: exam.admit_cards_published },
    after: { admit_cards_published: published },
  });
}

/**
 * Moves every student seated at `from` to `to`, in the order they sat, into `to`'s free seats of their
 * sitting room by room; all or nothing (422 with the shortfall when `to` is too small for a sitting).
 * Tokens stay, so a printed admit card's QR code shows the new centre.
 */
export async function moveSeats(db: Kysely<Database>, caller: Caller, from: number, to: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // The centres' rows first, then the allocation's lock: the order a centre's own edit takes them in.
    const centres = await lockCentres(trx, [from, to]);
    await refuseWhileJobs(trx, ['allocation']);
    const target = centres.find((centre) => centre.id === to);
    if (!centres.some((centre) => centre.id === from)) throw new ValidationError({ from_centre_id: ['invalid_choice'] });
    if (!target) throw new ValidationError({ to_centre_id: ['invalid_choice'] });
    if (target.status !== 1) throw new ValidationError({ to_centre_id: ['centre_inactive'] });
    const moving = await seatsAt(trx, from);
    if (moving.length === 0) return 0;
    const sittings = await sittingKeys(trx);
    const taken = await seatsAt(trx, to);
    const free = new Map<string, { room_index: number; seat: number }[]>();
    for (const sitting of new Set(moving.map((seat) => sittingOf(sittings, seat.class)))) {
      const places: { room_index: number; seat: number }[] = [];
      target.rooms.forEach((room, index) => {
        const used = new Set(taken.filter((seat) => seat.room_index === index && sittingOf(sittings, seat.class) === sitting).map((seat) => seat.seat));
        for (let seat = 1; seat <= room.capacity; seat++) if (!used.has(seat)) places.push({ room_index: index, seat });
      });
      free.set(sitting, places);
    }
    const placed = moving.flatMap((seat) => {
      const place = free.get(sittingOf(sittings, seat.class))!.shift();
      return place ? [{ registration_id: seat.registration_id, place }] : [];
    });
    const short = moving.length - placed.length;
    if (short > 0) throw new ValidationError({ to_centre_id: ['centre_too_small'] }, { short });
    await moveSeatsTo(trx, from, to, placed);
    await recordAudit(trx, {
      actor: caller.user,
      client: caller.client,
      action: 'seats.move',
      entity: 'exam-centres',
      entityId: from,
      before: { centre_id: from },
      after: { centre_id: to, students: moving.length },
    });
    return moving.length;
  });
}

/** How the allocation fills rooms: as asked, or as the exam form says. */
export async function allocationSeating(db: Kysely<Database>, asked: Seating | undefined): Promise<Seating> {
  return asked ?? (await readSeason(db)).seating;
}

/** The allocation's work, recorded once it is done with the counts it came to (the job's answer). */
export async function allocate(
  db: Kysely<Database>,
  caller: Caller,
  seating: Seating,
  progress: (done: number, total: number) => void,
  readPool: ReadPool | undefined,
) {
  const report = await allocateSeats(db, seating, progress, readPool);
  await recordAudit(db, {
    actor: caller.user,
    client: caller.client,
    action: 'seats.allocate',
    entity: 'exam',
    entityId: 1,
    after: { seating, kept: report.kept, seated: report.seated, released: report.released, unseated: report.unseated_students },
  });
  return report;
}

/** The admin's seat list of a centre or an institute, the institute named by its row id or the ID it logs in with. */
export async function seatListOf(db: Kysely<Database>, query: SeatListQuery) {
  const { centre_id, institute_uid, page = 1, per_page: perPage = 100 } = query;
  let { institute_id } = query;
  if (institute_uid) {
    institute_id = await instituteIdByUid(db, toAsciiDigits(institute_uid));
    if (institute_id === undefined) throw new ValidationError({ institute_uid: ['invalid_choice'] });
  }
  return seatList(db, { centre_id, institute_id }, page, perPage);
}

/** Whether institutes may print their admit cards. */
export async function admitCardsPublished(db: Kysely<Database>): Promise<boolean> {
  return (await readSeason(db)).admit_cards_published === 1;
}
