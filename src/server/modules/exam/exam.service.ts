/**
 * The exam's own facts (architecture §9): names, instructions, how rooms are filled, each class's
 * sitting and subjects, and whether admit cards are out; and moving a centre's students to another.
 */
import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import { CLASS_CODES } from '../../../common/constants.js';
import type { ExamBody } from '../../../common/schemas/exam.js';
import type { Database } from '../../db/types.js';
import { recordAudit } from '../../lib/audit.js';
import { ValidationError } from '../../lib/errors.js';
import { refuseWhileJobs } from '../../lib/jobs/jobs.js';
import type { Caller, TransactionContext } from '../../lib/resource/definition.js';
import { now } from '../../lib/time.js';
import { invalidateResults, lockSeason, readSeason, saveExamFacts, setAdmitCardsPublished } from '../season/season.js';
import { classesBySitting, sittingKeys, sittingOf } from './sittings.js';

export async function readExam(db: Kysely<Database> | Transaction<Database>) {
  const exam = await readSeason(db);
  const sittings = await db.selectFrom('exam_sittings').selectAll().orderBy('class').execute();
  const subjects = await db.selectFrom('exam_subjects').selectAll().orderBy('class').orderBy('position').execute();
  const centres = await db
    .selectFrom('exam_centres')
    .select([
      (eb) => eb.fn.countAll<number>().as('centres'),
      (eb) => eb.fn.sum<number>('capacity').as('capacity'),
      (eb) => eb.fn.sum<number>('seated').as('seated'),
    ])
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
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
    subjects: subjects.map(({ id, class: klass, name_bn, name_en, full_marks }) => ({ id, class: klass, name_bn, name_en, full_marks })),
    centres: Number(centres.centres),
    capacity: Number(centres.capacity ?? 0),
    seated: Number(centres.seated ?? 0),
  };
}
export type ExamView = Awaited<ReturnType<typeof readExam>>;

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
    await trx
      .updateTable('exam_sittings')
      .set({
        date: sitting.date ?? null,
        reporting_time: sitting.reporting_time ?? null,
        start_time: sitting.start_time ?? null,
        end_time: sitting.end_time ?? null,
      })
      .where('class', '=', sitting.class)
      .execute();
  const sittingsChanged = JSON.stringify(before.sittings) !== JSON.stringify((await readExam(trx)).sittings);
  if (sittingsChanged) await checkSittingSeats(trx, body);
  const kept = body.subjects.flatMap((subject) => (subject.id === undefined ? [] : [subject.id]));
  const removed = [...known].filter((id) => !kept.includes(id));
  if (removed.length > 0) await trx.deleteFrom('exam_subjects').where('id', 'in', removed).execute();
  for (const [position, subject] of body.subjects.entries()) {
    const values = { class: subject.class, name_bn: subject.name_bn, name_en: subject.name_en, full_marks: subject.full_marks, position };
    if (subject.id === undefined) await trx.insertInto('exam_subjects').values(values).execute();
    else await trx.updateTable('exam_subjects').set(values).where('id', '=', subject.id).execute();
  }
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
    const clash = await trx
      .selectFrom('exam_seats')
      .select(['centre_id'])
      .where('class', 'in', classes)
      .groupBy(['centre_id', 'room_index', 'seat'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .limit(1)
      .execute();
    if (clash.length === 0) continue;
    const index = body.sittings.findIndex((sitting) => classes.includes(sitting.class));
    throw new ValidationError({ [index < 0 ? 'sittings' : `sittings.${index}.date`]: ['sitting_seats_clash'] });
  }
}

export async function publishAdmitCards(ctx: TransactionContext, published: number): Promise<void> {
  const exam = await lockSeason(ctx.trx);
  if (exam.admit_cards_published === published) return;
  await setAdmitCardsPublished(ctx.trx, published);
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
    const query = trx.selectFrom('exam_centres').select(['id', 'rooms', 'status']).where('id', 'in', [from, to]).orderBy('id');
    const centres = await (trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query).execute();
    await refuseWhileJobs(trx, ['allocation']);
    const target = centres.find((centre) => centre.id === to);
    if (!centres.some((centre) => centre.id === from)) throw new ValidationError({ from_centre_id: ['invalid_choice'] });
    if (!target) throw new ValidationError({ to_centre_id: ['invalid_choice'] });
    if (target.status !== 1) throw new ValidationError({ to_centre_id: ['centre_inactive'] });
    const moving = await trx
      .selectFrom('exam_seats')
      .select(['registration_id', 'class'])
      .where('centre_id', '=', from)
      .orderBy('room_index')
      .orderBy('seat')
      .execute();
    if (moving.length === 0) return 0;
    const sittings = await sittingKeys(trx);
    const taken = await trx.selectFrom('exam_seats').select(['room_index', 'seat', 'class']).where('centre_id', '=', to).execute();
    const rooms = JSON.parse(target.rooms) as { capacity: number }[];
    const free = new Map<string, { room_index: number; seat: number }[]>();
    for (const sitting of new Set(moving.map((seat) => sittingOf(sittings, seat.class)))) {
      const places: { room_index: number; seat: number }[] = [];
      rooms.forEach((room, index) => {
        const used = new Set(taken.filter((seat) => seat.room_index === index && sittingOf(sittings, seat.class) === sitting).map((seat) => seat.seat));
        for (let seat = 1; seat <= room.capacity; seat++) if (!used.has(seat)) places.push({ room_index: index, seat });
      });
      free.set(sitting, places);
    }
    const placed = moving.map((seat) => ({ registration_id: seat.registration_id, place: free.get(sittingOf(sittings, seat.class))!.shift() }));
    const short = placed.filter((seat) => !seat.place).length;
    if (short > 0) throw new ValidationError({ to_centre_id: ['centre_too_small'] }, { short });
    // Two steps, so a seat number freed at `to` is never held twice in between.
    await trx
      .updateTable('exam_seats')
      .set({ centre_id: to, room_index: -1, seat: sql<number>`-registration_id` })
      .where('centre_id', '=', from)
      .execute();
    for (const { registration_id, place } of placed) await trx.updateTable('exam_seats').set(place!).where('registration_id', '=', registration_id).execute();
    const at = now();
    await trx.updateTable('exam_centres').set({ seated: 0, updated_at: at }).where('id', '=', from).execute();
    await trx
      .updateTable('exam_centres')
      .set((eb) => ({ seated: eb('seated', '+', moving.length), updated_at: at }))
      .where('id', '=', to)
      .execute();
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
