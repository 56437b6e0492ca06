import { describe, expect, it } from 'vitest';
import { ExamBody } from '../../../common/schemas/exam';
import type { ExamView } from '../../api/exam';
import { examFormValues, newSubject, normalizeTime } from './examForm';

const exam: ExamView = {
  name_bn: 'বৃত্তি পরীক্ষা ২০২৬',
  name_en: 'Scholarship Exam 2026',
  instructions: 'এক\nদুই',
  seating: 'apart',
  admit_cards_published: 0,
  updated_at: '2026-11-01 10:00:00',
  sittings: [{ class: '07', date: '2026-12-12', reporting_time: '09:00', start_time: '10:00', end_time: '12:00' }],
  subjects: [{ id: 7, class: '04', name_bn: 'গণিত', name_en: 'Mathematics', full_marks: 100 }],
  centres: 0,
  capacity: 0,
  seated: 0,
};

describe('the exam form', () => {
  it('holds one sitting per class, a missing one blank, and the subjects with their ids', () => {
    const values = examFormValues(exam, 'en');
    expect(values.sittings.map((sitting) => sitting.class)).toEqual(['04', '07']);
    expect(values.sittings[0]).toEqual({ class: '04', date: '', reporting_time: '', start_time: '', end_time: '' });
    expect(values.sittings[1]!.start_time).toBe('10:00');
    expect(values.subjects).toEqual([{ id: '7', class: '04', name_bn: 'গণিত', name_en: 'Mathematics', full_marks: '100' }]);
    expect(examFormValues(exam, 'bn').subjects[0]!.full_marks).toBe('১০০');
  });

  it('gives the API the body it takes: a kept subject keeps its id, a new one has none, blank times are none', () => {
    const values = examFormValues(exam, 'en');
    values.subjects.push({ ...newSubject('07'), name_bn: 'বাংলা', name_en: 'Bangla', full_marks: '১০০' });
    const body = ExamBody.parse(values);
    expect(body.subjects).toEqual([
      { id: 7, class: '04', name_bn: 'গণিত', name_en: 'Mathematics', full_marks: 100 },
      { class: '07', name_bn: 'বাংলা', name_en: 'Bangla', full_marks: 100 },
    ]);
    expect(body.sittings[0]!.start_time).toBeUndefined();
  });

  it('reads a typed time as HH:MM whatever digits or separator were typed, and leaves what is no time as typed', () => {
    expect(normalizeTime('9:30')).toBe('09:30');
    expect(normalizeTime('930')).toBe('09:30');
    expect(normalizeTime('৯.৩০')).toBe('09:30');
    expect(normalizeTime('১৩:০৫')).toBe('13:05');
    expect(normalizeTime('৯:৩')).toBe('9:3');
  });
});
