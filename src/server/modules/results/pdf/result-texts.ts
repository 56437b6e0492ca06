/**
 * The words printed on the result documents (the slip, the merit list, the institute's sheet) and the
 * institute's .xlsx, Bengali with the English beside it. States and grades are the product's own words
 * (README: Result documents).
 */
import type { ResultGrade, ResultState } from '../../../../common/schemas/results.js';
import type { Label } from '../../exam/pdf/document-texts.js';

export const STATE_LABELS: Record<ResultState, Label> = {
  pass: { bn: 'উত্তীর্ণ', en: 'Passed' },
  fail: { bn: 'অনুত্তীর্ণ', en: 'Failed' },
  absent: { bn: 'অনুপস্থিত', en: 'Absent' },
  incomplete: { bn: 'নম্বর বাকি', en: 'Marks missing' },
  withheld: { bn: 'ফলাফল স্থগিত', en: 'Result withheld' },
};

export const GRADE_LABELS: Record<ResultGrade, Label> = {
  talent_pool: { bn: 'ট্যালেন্টপুল', en: 'Talent pool' },
  general: { bn: 'সাধারণ', en: 'General' },
};

export const NO_GRADE: Label = { bn: 'বৃত্তি পায়নি', en: 'No scholarship' };

export const RESULT_TEXT = {
  slip: { bn: 'ফলাফল', en: 'Result' },
  meritList: { bn: 'বৃত্তিপ্রাপ্তদের মেধাতালিকা', en: 'Merit list' },
  instituteSheet: { bn: 'প্রতিষ্ঠানের ফলাফল', en: 'Institute result sheet' },
  name: { bn: 'পরীক্ষার্থীর নাম', en: 'Candidate' },
  father: { bn: 'পিতার নাম', en: 'Father' },
  institute: { bn: 'শিক্ষাপ্রতিষ্ঠান', en: 'Institute' },
  instituteId: { bn: 'প্রতিষ্ঠানের আইডি', en: 'Institute ID' },
  class: { bn: 'শ্রেণি', en: 'Class' },
  rollNo: { bn: 'রোল নম্বর', en: 'Roll No.' },
  regNo: { bn: 'নিবন্ধন নম্বর', en: 'Registration No.' },
  subject: { bn: 'বিষয়', en: 'Subject' },
  fullMarks: { bn: 'পূর্ণমান', en: 'Full marks' },
  marks: { bn: 'প্রাপ্ত নম্বর', en: 'Marks' },
  total: { bn: 'মোট', en: 'Total' },
  position: { bn: 'মেধাক্রম', en: 'Position' },
  state: { bn: 'ফলাফল', en: 'Result' },
  grade: { bn: 'বৃত্তি', en: 'Scholarship' },
  students: { bn: 'পরীক্ষার্থী', en: 'Candidates' },
  nameBangla: { bn: 'নাম (বাংলায়)', en: 'Name (Bengali)' },
  nameEnglish: { bn: 'নাম (ইংরেজিতে)', en: 'Name (English)' },
  nameAndInstitute: { bn: 'নাম', en: 'Name' },
  counts: { bn: 'সারসংক্ষেপ', en: 'Summary' },
  allClasses: { bn: 'সব শ্রেণি', en: 'All classes' },
  continued: { bn: 'পূর্বের পাতার পর', en: 'continued' },
  none: { bn: 'এই তালিকায় কেউ নেই', en: 'Nobody on this list' },
  printedFrom: { bn: 'ছাপা হয়েছে', en: 'Printed from' },
  printedOn: { bn: 'তারিখ', en: 'on' },
  notice: {
    bn: 'এই কাগজ তথ্যের জন্য; ফলাফলের চূড়ান্ত রূপ ওয়েবসাইটে প্রকাশিত ফলাফল।',
    en: 'For information; the result published on the website is the final one.',
  },
} satisfies Record<string, Label>;
