/** Result documents with made-up people for the result PDFs' tests and the look at their pages. */
import type { ResultDocument } from '../../common/schemas/results.js';
import type { ClassCounts, InstituteResultRow, MeritRow, ResultExam } from '../modules/results/result-documents.js';

export const SAMPLE_RESULT_EXAM: ResultExam = {
  name_bn: 'প্রাথমিক ও নিম্ন মাধ্যমিক বৃত্তি পরীক্ষা ২০২৬',
  name_en: 'Primary and Junior Secondary Scholarship Examination 2026',
  organiser: 'বৃত্তি পরীক্ষা নিবন্ধন',
  site: 'scholarship.example.org',
};

/** Names with the conjuncts and vowel signs a broken shaping shows first (src/server/lib/pdf/bengali-proof.test.ts). */
const NAMES: [string, string][] = [
  ['মোছাঃ স্ত্রীমতী চন্দ্রবিন্দু আক্তার', 'MST. CHANDRABINDU AKTER'],
  ['মোঃ সর্বোচ্চ ইসলাম ক্ষমতা', 'MD. SARBOCCHO ISLAM KHOMOTA'],
  ['শ্রাবন্তী ত্যাগী', 'SHRABONTI TYAGI'],
  ['কৃষ্ণা রানী দাস', 'KRISHNA RANI DAS'],
];
const INSTITUTES = ['সরকারি বালিকা উচ্চ বিদ্যালয়, কৃষ্ণপুর, ত্রিশাল', 'দারুল উলুম আলিম মাদ্রাসা', 'আদর্শ সর্বোচ্চ প্রাথমিক বিদ্যালয়'];

export function sampleResultDocument(overrides: Partial<ResultDocument> = {}): ResultDocument {
  return {
    name_bn: 'মোছাঃ স্ত্রীমতী চন্দ্রবিন্দু আক্তার',
    name_en: 'MST. CHANDRABINDU AKTER',
    father_name: 'মোঃ সর্বোচ্চ ইসলাম ক্ষমতা',
    institute: 'সরকারি বালিকা উচ্চ বিদ্যালয়, কৃষ্ণপুর, ত্রিশাল',
    class: '04',
    roll_no: '0412345',
    reg_no: '260000042',
    subjects: [
      { name_bn: 'বাংলা', name_en: 'Bangla', full_marks: 100, marks: 87.5, absent: false },
      { name_bn: 'ইংরেজি', name_en: 'English', full_marks: 100, marks: 91, absent: false },
      { name_bn: 'গণিত', name_en: 'Mathematics', full_marks: 100, marks: null, absent: true },
      { name_bn: 'বিজ্ঞান', name_en: 'Science', full_marks: 50, marks: 44, absent: false },
    ],
    total: 222.5,
    full_marks: 350,
    position: 17,
    state: 'pass',
    grade: 'talent_pool',
    ...overrides,
  };
}

export function sampleMeritRow(position: number): MeritRow {
  const [bn, en] = NAMES[position % NAMES.length]!;
  return {
    position,
    roll_no: `04${String(position).padStart(6, '0')}`,
    name_bangla: bn,
    name_english: `${en} ${position}`,
    institute_name: INSTITUTES[position % INSTITUTES.length]!,
    total: 400 - position / 2,
    grade: position <= 3 ? 'talent_pool' : 'general',
  };
}

export function* sampleMeritRows(count: number): Generator<MeritRow> {
  for (let i = 1; i <= count; i++) yield sampleMeritRow(i);
}

/** An institute's students: `perClass` of each class, in class and position order, a few failed or absent. */
export function sampleInstituteRows(perClass: Record<string, number>): { classes: ClassCounts[]; rows: InstituteResultRow[] } {
  const rows: InstituteResultRow[] = [];
  const classes: ClassCounts[] = [];
  let id = 0;
  for (const [klass, count] of Object.entries(perClass)) {
    const counts: ClassCounts = { class: klass, students: 0, pass: 0, fail: 0, absent: 0, incomplete: 0, withheld: 0, talent_pool: 0, general: 0 };
    for (let i = 1; i <= count; i++) {
      const [bn, en] = NAMES[i % NAMES.length]!;
      const state = i > count - 1 ? 'absent' : i > count - 3 ? 'fail' : 'pass';
      const grade = state !== 'pass' ? null : i <= 2 ? 'talent_pool' : i <= 5 ? 'general' : null;
      rows.push({
        registration_id: ++id,
        roll_no: `${klass}${String(i * 13).padStart(5, '0')}`,
        name_bangla: bn,
        name_english: `${en} ${i}`,
        class: klass,
        total: state === 'absent' ? 0 : 300 - i,
        position: i * 7,
        state,
        grade,
      });
      counts.students++;
      counts[state]++;
      if (grade) counts[grade]++;
    }
    classes.push(counts);
  }
  return { classes, rows };
}
