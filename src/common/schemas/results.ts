/**
 * Results day (architecture §9): a mark as entered (a number, halves allowed, or absent), a class's
 * grading rule, and the shapes the processing, the dashboards and the public lookup share.
 */
import { z } from 'zod';
import { CLASS_CODES } from '../constants.js';
import { requiredChoice, requiredId, toAsciiDigits } from '../validation.js';
import { ClassCode } from './exam.js';
import { ALWAYS } from './institute.js';
import { JobView } from './jobs.js';
import { paginatedOf } from './list.js';

export const RESULT_RULE_KINDS = ['cutoff', 'quota'] as const;
export const RESULT_RULE_SCOPES = ['class', 'upazila'] as const;
export const RESULT_GRADES = ['talent_pool', 'general'] as const;
/**
 * `absent`: recorded absent in every subject; `incomplete`: a subject's mark nobody entered (no result is
 * made from it, and it blocks publication); `withheld`: incomplete, and the admin withheld the result.
 */
export const RESULT_STATES = ['pass', 'fail', 'absent', 'incomplete', 'withheld'] as const;
export type ResultGrade = (typeof RESULT_GRADES)[number];
export type ResultState = (typeof RESULT_STATES)[number];

/** What a marks cell or field may say for a student who did not sit the paper. */
export const ABSENT_WORDS = ['a', 'ab', 'abs', 'absent', 'অ', 'অনু', 'অনুপস্থিত'];

/** The classes' names in the messages about a roll of another class (the office's own words). */
const CLASS_NAMES: Record<string, { bn: string; en: string }> = {
  '04': { bn: 'চতুর্থ শ্রেণি', en: 'Class Four' },
  '07': { bn: 'সপ্তম শ্রেণি', en: 'Class Seven' },
};

/** The message's params when a roll of class `klass` is given in another class's grid or sheet. */
export const otherClassParams = (roll: string, klass: string) => ({
  roll,
  class_bn: CLASS_NAMES[klass]?.bn ?? klass,
  class_en: CLASS_NAMES[klass]?.en ?? klass,
});

/** Marks are whole or half: a half is exact in floating point, so equal totals stay equal. */
export const isMarkStep = (value: number) => Number.isInteger(value * 2);

/**
 * A typed or imported mark: `{ absent: true }`, `{ marks }`, or the message why not. Full marks are
 * the subject's and are checked where the subject is known.
 */
export function readMark(value: unknown): { absent: true } | { marks: number } | { error: 'required' | 'invalid_marks' } {
  if (value === null || value === undefined) return { error: 'required' };
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 && isMarkStep(value) ? { marks: value } : { error: 'invalid_marks' };
  if (typeof value !== 'string') return { error: 'invalid_marks' };
  const text = toAsciiDigits(value.trim()).toLocaleLowerCase('en-US');
  if (text === '') return { error: 'required' };
  if (ABSENT_WORDS.includes(text)) return { absent: true };
  if (!/^\d{1,4}(\.\d+)?$/.test(text)) return { error: 'invalid_marks' };
  return readMark(Number(text));
}

/** A roll number as typed: Bengali or ASCII digits, spaces ignored. */
export const rollNumber = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? toAsciiDigits(v).replace(/\s+/g, '') : v),
  z
    .string({ error: 'required' })
    .min(1, 'required')
    .regex(/^\d{1,20}$/, 'invalid_roll'),
);

/** One mark from the grid: `marks` is a number (or its text), or `absent` is true. */
export const MarkBody = z
  .object({
    roll_no: rollNumber,
    subject_id: requiredId(),
    marks: z.union([z.number(), z.string(), z.null()], { error: 'invalid_marks' }).optional(),
    absent: z.union([z.boolean(), z.literal(0), z.literal(1)], { error: 'invalid_flag' }).optional(),
  })
  .transform((body, ctx) => {
    if (body.absent === true || body.absent === 1) return { roll_no: body.roll_no, subject_id: body.subject_id, marks: null, absent: true as const };
    const read = readMark(body.marks);
    if ('error' in read) {
      ctx.addIssue({ code: 'custom', path: ['marks'], message: read.error });
      return z.NEVER;
    }
    return { roll_no: body.roll_no, subject_id: body.subject_id, marks: 'absent' in read ? null : read.marks, absent: 'absent' in read };
  });
export type MarkBody = z.infer<typeof MarkBody>;

const amount = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(toAsciiDigits(v.trim()))) : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid_number') })
    .min(0, 'too_small')
    .max(1_000_000, 'too_big'),
);

/**
 * A class's rule (docs/integrators/results.md): passing needs `pass_marks`; `cutoff` gives talent pool from a total
 * of `talent_pool` and general from `general`; `quota` gives talent pool to the top `talent_pool`
 * passing students and general to the next `general`, in the class or in each upazila.
 */
export const ResultRuleBody = z
  .object({
    class: requiredChoice(CLASS_CODES),
    pass_marks: amount,
    kind: requiredChoice(RESULT_RULE_KINDS),
    scope: requiredChoice(RESULT_RULE_SCOPES),
    talent_pool: amount,
    general: amount,
  })
  .superRefine((rule, ctx) => {
    if (rule.kind === 'quota') {
      for (const field of ['talent_pool', 'general'] as const)
        if (typeof rule[field] === 'number' && !Number.isInteger(rule[field])) ctx.addIssue({ code: 'custom', path: [field], message: 'invalid_number' });
      return;
    }
    if (typeof rule.talent_pool === 'number' && typeof rule.general === 'number' && rule.general > rule.talent_pool)
      ctx.addIssue({ code: 'custom', path: ['general'], message: 'general_above_talent_pool' });
  }, ALWAYS);
export type ResultRuleBody = z.infer<typeof ResultRuleBody>;

export const ResultRulesBody = z.object({ rules: z.array(ResultRuleBody, { error: 'invalid_choice' }).min(1, 'required').max(CLASS_CODES.length, 'too_many') });

/** Counts the processing writes, for the preview, the admin's analytics and each dashboard. */
export const GradeCounts = z.object({
  students: z.number(),
  pass: z.number(),
  fail: z.number(),
  absent: z.number(),
  incomplete: z.number(),
  withheld: z.number(),
  talent_pool: z.number(),
  general: z.number(),
});
export type GradeCounts = z.infer<typeof GradeCounts>;
/** A class's counts. */
export const ClassCounts = GradeCounts.extend({ class: z.string() });
export type ClassCounts = z.infer<typeof ClassCounts>;
/** The processing's counts as the exam's `results_summary` column keeps them. */
export const ResultSummary = z.object({
  classes: z.array(ClassCounts.extend({ top_total: z.number().nullable() })),
  districts: z.array(ClassCounts.extend({ zilla_id: z.number().nullable() })),
});
export type ResultSummary = z.infer<typeof ResultSummary>;

/** Publishing: `withhold_reason` withholds the results of every candidate with a missing mark (docs/integrators/results.md). */
export const ResultPublishBody = z.object({
  published: z.union([z.literal(0), z.literal(1), z.boolean()], { error: 'invalid_flag' }).transform(Number),
  withhold_reason: z
    .string({ error: 'invalid_text' })
    .trim()
    .max(500, 'too_long')
    .optional()
    .transform((value) => (value ? value : undefined)),
});

/** Marks entry of one subject: entered (a number), recorded absent, or missing; the first missing rolls. */
export const SubjectProgress = z.object({
  subject_id: z.number(),
  name_bn: z.string(),
  name_en: z.string(),
  entered: z.number(),
  absent: z.number(),
  missing: z.number(),
  /** Of the missing, those whose result the admin withheld. */
  withheld: z.number(),
  missing_rolls: z.array(z.string()),
});
export type SubjectProgress = z.infer<typeof SubjectProgress>;
/** A class's marks entry: its candidates, those with a missing mark, and those of them whose result is withheld. */
export const ClassProgress = z.object({
  class: z.string(),
  candidates: z.number(),
  missing_candidates: z.number(),
  withheld: z.number(),
  subjects: z.array(SubjectProgress),
});
export type ClassProgress = z.infer<typeof ClassProgress>;
/** Marks entry per class and subject, with how many missing rolls each subject lists at most. */
export const MarksProgress = z.object({ classes: z.array(ClassProgress), missing_rolls_listed: z.number() });
export type MarksProgress = z.infer<typeof MarksProgress>;

/** A subject as the marks grid offers it. */
export const MarkSubject = z.object({ id: z.number(), name_bn: z.string(), name_en: z.string(), full_marks: z.number() });
export type MarkSubject = z.infer<typeof MarkSubject>;
/** Each class's subjects, and whether the result is published (no mark is taken then). */
export const MarkSubjects = z.object({ classes: z.array(z.object({ class: ClassCode, subjects: z.array(MarkSubject) })), published: z.boolean() });
export type MarkSubjects = z.infer<typeof MarkSubjects>;

/** One subject's mark of a student: a number (halves allowed), or absent with marks null. */
export const MarkOf = z.object({ subject_id: z.number(), marks: z.number().nullable(), absent: z.boolean() });
/** A candidate found by roll, with the marks entered so far. */
export const MarkStudent = z.object({
  registration_id: z.number(),
  roll_no: z.string(),
  name_english: z.string(),
  name_bangla: z.string().nullable(),
  class: ClassCode,
  institute_name: z.string().nullable(),
  marks: z.array(MarkOf),
});
export type MarkStudent = z.infer<typeof MarkStudent>;
/** A mark as saved, with whose it is. */
export const SavedMark = MarkOf.extend({
  roll_no: z.string(),
  name_english: z.string(),
  name_bangla: z.string().nullable(),
  class: ClassCode,
  updated_at: z.string(),
});
export type SavedMark = z.infer<typeof SavedMark>;
/** A line of a subject's marks list, newest first. */
export const MarkRow = z.object({ roll_no: z.string(), name_english: z.string(), marks: z.number().nullable(), absent: z.boolean(), updated_at: z.string() });
export type MarkRow = z.infer<typeof MarkRow>;
export const MarksPage = paginatedOf(MarkRow);

/** A class's grading rule as stored. */
export const ResultRule = z.object({
  class: ClassCode,
  pass_marks: z.number(),
  kind: z.enum(RESULT_RULE_KINDS),
  scope: z.enum(RESULT_RULE_SCOPES),
  talent_pool: z.number(),
  general: z.number(),
});
export type ResultRule = z.infer<typeof ResultRule>;

/** The admin's results screen: rules, whether processed and published, the counts, and the newest job of each kind. */
export const ResultsView = z.object({
  rules: z.array(ResultRule),
  processed_at: z.string().nullable(),
  published: z.boolean(),
  published_at: z.string().nullable(),
  summary: ResultSummary.nullable(),
  candidates: z.number(),
  marked: z.number(),
  jobs: z.object({ process: JobView.nullable(), publish: JobView.nullable() }),
});
export type ResultsView = z.infer<typeof ResultsView>;
/** What POST /api/v1/results/publish answers when it withdraws the result. */
export const Withdrawn = z.object({ published: z.literal(false) });

/** One line of a class's merit list, in merit order. */
export const MeritRow = z.object({
  position: z.number(),
  roll_no: z.string(),
  name_english: z.string(),
  name_bangla: z.string().nullable(),
  institute_name: z.string().nullable(),
  total: z.number(),
  state: z.enum(RESULT_STATES),
  grade: z.enum(RESULT_GRADES).nullable(),
});
export type MeritRow = z.infer<typeof MeritRow>;
/** A page of a class's merit list: `total` students with a position (the absent have none). */
export const MeritPage = z.object({ class: ClassCode, total: z.number(), page: z.number(), per_page: z.number(), rows: z.array(MeritRow) });
export type MeritPage = z.infer<typeof MeritPage>;

/** One student of an institute's results, in class and position order. */
export const InstituteResultRow = z.object({
  registration_id: z.number(),
  roll_no: z.string(),
  name_english: z.string(),
  name_bangla: z.string().nullable(),
  class: z.string(),
  total: z.number(),
  position: z.number(),
  state: z.enum(RESULT_STATES),
  grade: z.enum(RESULT_GRADES).nullable(),
});
export type InstituteResultRow = z.infer<typeof InstituteResultRow>;
/** `uid`: the institute's ID as it logs in with it, what people read; `id` is the row's, for queries only. */
export const InstituteHeading = z.object({ id: z.number(), uid: z.string(), name: z.string() });
export type InstituteHeading = z.infer<typeof InstituteHeading>;
/** An institute's results: counts per class and its students. */
export const InstituteResults = z.object({
  institute: InstituteHeading,
  published: z.boolean(),
  classes: z.array(ClassCounts),
  rows: z.array(InstituteResultRow),
});
export type InstituteResults = z.infer<typeof InstituteResults>;

/** One student's published result: everything the lookup shows, and nothing about anyone else. */
export const ResultDocument = z.object({
  name_bn: z.string().nullable(),
  name_en: z.string(),
  father_name: z.string().nullable(),
  institute: z.string(),
  class: z.string(),
  roll_no: z.string(),
  reg_no: z.string(),
  subjects: z.array(z.object({ name_bn: z.string(), name_en: z.string(), full_marks: z.number(), marks: z.number().nullable(), absent: z.boolean() })),
  total: z.number(),
  full_marks: z.number(),
  position: z.number(),
  state: z.enum(RESULT_STATES),
  grade: z.enum(RESULT_GRADES).nullable(),
  /** The scholarship's amount in taka for a graded student (the season's setting at publication); absent from a result published before awards. */
  award_amount: z.number().nullable().optional(),
});
export type ResultDocument = z.infer<typeof ResultDocument>;

/** The merit lists' PDFs made at publication, `{class: storage key}`, as the exam's `merit_list_files` column keeps them. */
export const MeritListFiles = z.record(z.string(), z.string());
