/** How results day's values read: a student's name in the interface language, a mark, a result's state and grade. */
import type { TFunction } from 'i18next';
import type { Lang } from '../../../common/messages';
import type { ResultGrade, ResultState } from '../../../common/schemas/results';
import { formatNumber } from '../../i18n/format';

/** The Bengali name in Bengali when there is one, the English name otherwise. */
export const studentName = (row: { name_english: string; name_bangla: string | null }, lang: Lang) =>
  lang === 'bn' && row.name_bangla ? row.name_bangla : row.name_english;

/** '৪৫.৫' or 'অনুপস্থিত' (only as recorded); a mark nobody entered is '—'. */
export const markText = (t: TFunction, lang: Lang, mark: { marks: number | null; absent: boolean }) =>
  mark.absent ? t('results.marks.absent') : mark.marks === null ? '—' : formatNumber(mark.marks, lang);

/** 'ট্যালেন্টপুল' / 'সাধারণ' for a graded pass, else 'উত্তীর্ণ' / 'অনুত্তীর্ণ' / 'অনুপস্থিত' / 'ফলাফল স্থগিত'. */
export const resultText = (t: TFunction, row: { state: ResultState; grade: ResultGrade | null }) =>
  row.grade ? t(`results.grades.${row.grade}`) : t(`results.states.${row.state}`);

export const RESULT_COLORS: Record<ResultGrade | ResultState, string> = {
  talent_pool: 'grape',
  general: 'blue',
  pass: 'teal',
  fail: 'red',
  absent: 'orange',
  incomplete: 'gray',
  withheld: 'yellow',
};

export const resultColor = (row: { state: ResultState; grade: ResultGrade | null }) => RESULT_COLORS[row.grade ?? row.state];
