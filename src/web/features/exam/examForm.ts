/**
 * The exam form's values (architecture §9): every input holds text, the sittings one per class in the
 * order of CLASS_CODES, the subjects of both classes in one list (a 422's `subjects.3.name_en` names
 * its row), each keeping its id so marks entered for it stay with it.
 */
import { CLASS_CODES } from '../../../common/constants';
import { toAsciiDigits } from '../../../common/validation';
import type { Lang } from '../../../common/messages';
import type { ClassCode, ExamView } from '../../api/exam';
import { localizeDigits } from '../../i18n/format';

type SittingValues = { class: ClassCode; date: string; reporting_time: string; start_time: string; end_time: string };
export type SubjectValues = { id: string; class: ClassCode; name_bn: string; name_en: string; full_marks: string };
export type ExamFormValues = {
  name_bn: string;
  name_en: string;
  instructions: string;
  seating: string;
  sittings: SittingValues[];
  subjects: SubjectValues[];
};

/** The stored exam as the form's text; full marks in the interface's digits (the schema reads either). */
export function examFormValues(exam: ExamView, lang: Lang): ExamFormValues {
  return {
    name_bn: exam.name_bn,
    name_en: exam.name_en,
    instructions: exam.instructions,
    seating: exam.seating,
    sittings: CLASS_CODES.map((klass) => {
      const sitting = exam.sittings.find((candidate) => candidate.class === klass);
      return {
        class: klass,
        date: sitting?.date ?? '',
        reporting_time: sitting?.reporting_time ?? '',
        start_time: sitting?.start_time ?? '',
        end_time: sitting?.end_time ?? '',
      };
    }),
    subjects: exam.subjects.map((subject) => ({
      id: String(subject.id),
      class: subject.class,
      name_bn: subject.name_bn,
      name_en: subject.name_en,
      full_marks: localizeDigits(String(subject.full_marks), lang),
    })),
  };
}

export const newSubject = (klass: ClassCode): SubjectValues => ({ id: '', class: klass, name_bn: '', name_en: '', full_marks: '' });

/** What was typed as HH:MM in ASCII digits when it reads as a time ("930", "9.30", "৯:৩০"), else as typed. */
export function normalizeTime(typed: string): string {
  const ascii = toAsciiDigits(typed.trim());
  const match = /^(\d{1,2})[:.\s]?(\d{2})$/.exec(ascii);
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : ascii;
}
