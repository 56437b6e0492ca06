/**
 * The exam's forms (architecture §9): its names, instructions and sittings per class with their subjects,
 * and an exam centre with its rooms and the areas it serves. Shared by the server's checks and the client's forms.
 */
import { z } from 'zod';
import { CLASS_CODES, LIMITS, MAX_CENTRE_ROOMS, MAX_ROOM_CAPACITY, MAX_SUBJECTS, SEATINGS } from '../constants.js';
import { example } from '../examples.js';
import { upazilaById } from '../geo/index.js';
import { optionalChoice, optionalId, optionalInt, requiredChoice, requiredId, requiredMobile, requiredText, toAsciiDigits } from '../validation.js';
import { ALWAYS, checkAddress } from './institute.js';
import { maybeId, text } from './rows.js';

const digitsOf = (v: unknown) => (typeof v === 'string' ? toAsciiDigits(v.trim()) || undefined : v);

const optionalDate = z.preprocess(
  digitsOf,
  z
    .string({ error: 'invalid_date' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date')
    .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'invalid_date')
    .nullish(),
);
const optionalTime = z.preprocess(
  digitsOf,
  z
    .string({ error: 'invalid_time' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid_time')
    .nullish(),
);
const count = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(toAsciiDigits(v.trim()))) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid_number') })
      .int('invalid_number')
      .min(min, 'too_small')
      .max(max, 'too_big'),
  );

export const SittingBody = z
  .object({
    class: requiredChoice(CLASS_CODES),
    date: optionalDate,
    reporting_time: optionalTime,
    start_time: optionalTime,
    end_time: optionalTime,
  })
  .superRefine((sitting, ctx) => {
    const valid = (v: unknown) => typeof v === 'string' && /^\d\d:\d\d$/.test(v);
    const [reporting, start, end] = [sitting.reporting_time, sitting.start_time, sitting.end_time].map((v) => (valid(v) ? (v as string) : undefined));
    if (reporting && start && reporting > start) ctx.addIssue({ code: 'custom', path: ['reporting_time'], message: 'reporting_after_start' });
    if (start && end && end <= start) ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'end_before_start' });
  }, ALWAYS);

export const SubjectBody = z.object({
  /** A subject kept across edits keeps its id, so marks entered for it stay with it. */
  id: optionalId(),
  class: requiredChoice(CLASS_CODES),
  name_bn: requiredText(),
  name_en: requiredText(),
  full_marks: count(1, 1000),
});

export const ExamBody = z
  .object({
    name_bn: requiredText(),
    name_en: requiredText(),
    instructions: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: 'invalid_text' }).max(3000, 'too_long')),
    seating: requiredChoice(SEATINGS),
    sittings: z.array(SittingBody, { error: 'invalid_choice' }).max(CLASS_CODES.length, 'too_many'),
    subjects: z.array(SubjectBody, { error: 'invalid_choice' }).max(MAX_SUBJECTS * CLASS_CODES.length, 'too_many'),
  })
  .superRefine((exam, ctx) => {
    const seen = new Set<string>();
    if (!Array.isArray(exam.sittings) || !Array.isArray(exam.subjects)) return;
    exam.sittings.forEach((sitting, i) => {
      if (seen.has(sitting.class)) ctx.addIssue({ code: 'custom', path: ['sittings', i, 'class'], message: 'duplicate_class' });
      seen.add(sitting.class);
    });
    const names = new Set<string>();
    exam.subjects.forEach((subject, i) => {
      if (typeof subject?.name_en !== 'string') return;
      const key = `${subject.class}:${subject.name_en.toLowerCase()}`;
      if (names.has(key)) ctx.addIssue({ code: 'custom', path: ['subjects', i, 'name_en'], message: 'duplicate_subject' });
      names.add(key);
    });
  }, ALWAYS);
export type ExamBody = z.infer<typeof ExamBody>;

export const PublishBody = z.object({ published: z.union([z.literal(0), z.literal(1), z.boolean()], { error: 'invalid_flag' }).transform(Number) });

export const RoomBody = z.object({ name: requiredText(40), capacity: count(1, MAX_ROOM_CAPACITY) });

const idList = (known?: (id: number) => boolean) =>
  z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? [] : v),
    z
      .array(requiredId(), { error: 'invalid_choice' })
      .max(5000, 'too_many')
      .refine((ids) => !known || ids.every(known), 'unknown_upazila')
      .transform((ids) => [...new Set(ids)]),
  );

/** A centre: names, address, contact, rooms (or one capacity, one room) and the upazilas or institutes it serves. */
export const CentreBody = z
  .object({
    name_bn: example(requiredText(), ['দেবিদ্বার সরকারি উচ্চ বিদ্যালয়']),
    name_en: example(requiredText(), ['Debidwar Government High School']),
    // Chattogram, Cumilla, Debidwar: a division, one of its districts and one of that district's upazilas.
    division_id: example(requiredId(), [1]),
    zilla_id: example(requiredId(), [1]),
    upozilla_id: example(requiredId(), [1]),
    address: example(requiredText(LIMITS.shortText), ['School Road']),
    contact_name: example(requiredText(), ['Rahim Uddin']),
    contact_mobile: example(requiredMobile(), ['01711-000222']),
    rooms: z.preprocess((v) => (v === null || v === undefined ? [] : v), z.array(RoomBody, { error: 'invalid_choice' }).max(MAX_CENTRE_ROOMS, 'too_many')),
    capacity: example(
      z.preprocess((v) => (v === '' || v === null ? undefined : v), count(1, MAX_ROOM_CAPACITY * MAX_CENTRE_ROOMS).optional()),
      [100],
    ),
    upazila_ids: example(
      idList((id) => upazilaById.has(id)),
      [[1]],
    ),
    institute_ids: idList(),
  })
  .superRefine((centre, ctx) => {
    checkAddress(centre, ctx);
    if (centre.rooms.length === 0 && centre.capacity === undefined) ctx.addIssue({ code: 'custom', path: ['rooms'], message: 'rooms_required' });
    const names = new Set<string>();
    centre.rooms.forEach((room, i) => {
      if (names.has(room.name)) ctx.addIssue({ code: 'custom', path: ['rooms', i, 'name'], message: 'duplicate_room' });
      names.add(room.name);
    });
    if (centre.upazila_ids.length === 0 && centre.institute_ids.length === 0) ctx.addIssue({ code: 'custom', path: ['upazila_ids'], message: 'serves_nobody' });
  }, ALWAYS);
export type CentreBody = z.infer<typeof CentreBody>;

export const AllocateBody = z.object({ seating: optionalChoice(SEATINGS) });
export const MoveSeatsBody = z
  .object({ from_centre_id: requiredId(), to_centre_id: requiredId() })
  .refine((body) => body.from_centre_id !== body.to_centre_id, { path: ['to_centre_id'], message: 'same_centre' });
export const AdmitCardsBody = z.object({ institute_id: optionalId(), centre_id: optionalId() });
/** The admin's seat list: a centre's or an institute's seats, a page at a time. */
export const SeatListQuery = z
  .object({
    centre_id: optionalId(),
    institute_id: optionalId(),
    /** The institute by the ID it logs in with, as a person types it. */
    institute_uid: z.string().trim().max(32).optional(),
    page: optionalInt(1, 100_000),
    per_page: optionalInt(1, 500),
  })
  .refine((query) => query.centre_id !== undefined || query.institute_id !== undefined || Boolean(query.institute_uid), {
    path: ['centre_id'],
    message: 'required',
  });
export type SeatListQuery = z.infer<typeof SeatListQuery>;

export const CentreRoom = z.object({ name: text, capacity: z.number() });
/** A centre's rooms as its `rooms` column keeps them, in seating order. */
export const CentreRooms = z.array(CentreRoom);
/** The upazilas or institutes a centre serves, as its `upazila_ids` and `institute_ids` columns keep them. */
export const CentreIds = z.array(z.number());

/** An exam centre: its rooms in seating order, the areas it serves, and how many of its seats are taken. */
export const CentreRow = z.object({
  id: z.number(),
  name_bn: text,
  name_en: text,
  division_id: maybeId,
  zilla_id: maybeId,
  upozilla_id: maybeId,
  address: text,
  contact_name: text,
  contact_mobile: text,
  rooms: CentreRooms,
  capacity: z.number(),
  seated: z.number(),
  upazila_ids: CentreIds,
  institute_ids: CentreIds,
  creator: maybeId,
  status: z.number(),
  created_at: text,
  updated_at: text,
});

export const ClassCode = z.enum(CLASS_CODES);
export type ClassCode = z.infer<typeof ClassCode>;

/** One class's sitting as the exam form shows it; a time not set yet is null. */
export const ExamSitting = z.object({
  class: ClassCode,
  date: z.string().nullable(),
  reporting_time: z.string().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
});
export type ExamSitting = z.infer<typeof ExamSitting>;

export const ExamSubject = z.object({ id: z.number(), class: ClassCode, name_bn: text, name_en: text, full_marks: z.number() });
export type ExamSubject = z.infer<typeof ExamSubject>;

/** The exam as GET /api/v1/exam answers it: for the admin's exam screens and an institute's admit cards. */
export const ExamView = z.object({
  name_bn: text,
  name_en: text,
  instructions: text,
  seating: z.enum(SEATINGS),
  admit_cards_published: z.number(),
  updated_at: text,
  sittings: z.array(ExamSitting),
  subjects: z.array(ExamSubject),
  /** Active centres, their seats and the seats given. */
  centres: z.number(),
  capacity: z.number(),
  seated: z.number(),
});
export type ExamView = z.infer<typeof ExamView>;

/** One seat of the admin's seat list: its sitting, centre, room and seat, and whose it is. */
export const SeatListRow = z.object({
  date: z.string().nullable(),
  start_time: z.string().nullable(),
  centre_id: z.number(),
  centre_name: text,
  room_index: z.number(),
  room: text,
  seat: z.number(),
  class: text,
  roll_no: text,
  reg_no: text,
  name_bangla: z.string().nullable(),
  name_english: text,
  institute_uid: z.string().nullable(),
  institute_name: z.string().nullable(),
});
export const SeatListPage = z.object({ total: z.number(), page: z.number(), per_page: z.number(), rows: z.array(SeatListRow) });
export type SeatListPage = z.infer<typeof SeatListPage>;

export const UNSEATED_REASONS = ['no_upazila', 'no_centre', 'capacity_short'] as const;
/** An institute with students left without a seat: its name and the public ID it logs in with. */
export const ShortInstitute = z.object({ uid: text, name: z.string().nullable(), students: z.number() });
export const Unseated = z.object({
  reason: z.enum(UNSEATED_REASONS),
  upozilla_id: z.number().nullable(),
  institutes: z.number(),
  students: z.number(),
  centre_ids: z.array(z.number()),
  /** The institutes affected, most students first; reports made before institutes were named have none. */
  institute_list: z.array(ShortInstitute).optional(),
});
export type Unseated = z.infer<typeof Unseated>;
/** The seat allocation's report: the job's result (GET /api/v1/jobs/{id}). */
export const AllocationReport = z.object({
  seating: z.enum(SEATINGS),
  kept: z.number(),
  seated: z.number(),
  released: z.number(),
  unseated: z.array(Unseated),
  unseated_students: z.number(),
});
export type AllocationReport = z.infer<typeof AllocationReport>;
