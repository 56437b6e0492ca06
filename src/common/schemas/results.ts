/**
 * Results day (architecture §9): a mark as entered (a number, halves allowed, or absent), a class's
 * grading rule, and the shapes the processing, the dashboards and the public lookup share.
 */
import { z } from 'zod';
import { CLASS_CODES } from '../constants.js';
import { requiredChoice, requiredId, toAsciiDigits } from '../validation.js';
import { ALWAYS } from './institute.js';

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
 * A class's rule (README: Results): passing needs `pass_marks`; `cutoff` gives talent pool from a total
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
export type GradeCounts = {
  students: number;
  pass: number;
  fail: number;
  absent: number;
  incomplete: number;
  withheld: number;
  talent_pool: number;
  general: number;
};
export type ResultSummary = {
  classes: ({ class: string; top_total: number | null } & GradeCounts)[];
  districts: ({ zilla_id: number | null; class: string } & GradeCounts)[];
};

/** Publishing: `withhold_reason` withholds the results of every candidate with a missing mark (README: Results). */
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
export type SubjectProgress = {
  subject_id: number;
  name_bn: string;
  name_en: string;
  entered: number;
  absent: number;
  missing: number;
  /** Of the missing, those whose result the admin withheld. */
  withheld: number;
  missing_rolls: string[];
};
/** A class's marks entry: its candidates, those with a missing mark, and those of them whose result is withheld. */
export type ClassProgress = { class: string; candidates: number; missing_candidates: number; withheld: number; subjects: SubjectProgress[] };

/** One student's published result: everything the lookup shows, and nothing about anyone else. */
export type ResultDocument = {
  name_bn: string | null;
  name_en: string;
  father_name: string | null;
  institute: string;
  class: string;
  roll_no: string;
  reg_no: string;
  subjects: { name_bn: string; name_en: string; full_marks: number; marks: number | null; absent: boolean }[];
  total: number;
  full_marks: number;
  position: number;
  state: ResultState;
  grade: ResultGrade | null;
};
