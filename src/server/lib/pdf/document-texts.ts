/**
 * One catalog of the words printed on the documents (admit cards, room sheets, result slips, merit
 * lists, the institute's result sheet and .xlsx), Bengali first with the English beside it; a label two
 * documents print is spelled here once. Class names are the product's own (src/web/i18n office
 * `class`); states and grades too (docs/integrators/documents.md).
 */
import type { ResultGrade, ResultState } from '../../../common/schemas/results.js';

export type Label = { bn: string; en: string };

/** Labels several documents print alike. */
const LABELS = {
  rollNo: { bn: 'রোল নম্বর', en: 'Roll No.' },
  regNo: { bn: 'নিবন্ধন নম্বর', en: 'Registration No.' },
  candidate: { bn: 'পরীক্ষার্থীর নাম', en: 'Candidate' },
  candidates: { bn: 'পরীক্ষার্থী', en: 'Candidates' },
  father: { bn: 'পিতার নাম', en: 'Father' },
  institute: { bn: 'শিক্ষাপ্রতিষ্ঠান', en: 'Institute' },
  class: { bn: 'শ্রেণি', en: 'Class' },
  centre: { bn: 'পরীক্ষাকেন্দ্র', en: 'Centre' },
  room: { bn: 'কক্ষ', en: 'Room' },
  seat: { bn: 'আসন', en: 'Seat' },
  photo: { bn: 'ছবি', en: 'Photo' },
  candidateSignature: { bn: 'পরীক্ষার্থীর স্বাক্ষর', en: 'Candidate’s signature' },
  absent: { bn: 'অনুপস্থিত', en: 'Absent' },
  reporting: { bn: 'উপস্থিতি', en: 'Report by' },
  result: { bn: 'ফলাফল', en: 'Result' },
} satisfies Record<string, Label>;

export const CLASS_LABELS: Record<string, Label> = {
  '04': { bn: 'চতুর্থ শ্রেণি', en: 'Class Four' },
  '07': { bn: 'সপ্তম শ্রেণি', en: 'Class Seven' },
};

export const ADMIT_CARD_TEXT = {
  title: { bn: 'প্রবেশপত্র', en: 'Admit Card' },
  rollNo: LABELS.rollNo,
  regNo: LABELS.regNo,
  name: LABELS.candidate,
  father: LABELS.father,
  mother: { bn: 'মাতার নাম', en: 'Mother' },
  institute: LABELS.institute,
  class: LABELS.class,
  classRoll: { bn: 'শ্রেণি রোল', en: 'Class roll' },
  centre: LABELS.centre,
  room: LABELS.room,
  seat: LABELS.seat,
  date: { bn: 'তারিখ', en: 'Date' },
  times: { bn: 'সময়', en: 'Time' },
  reporting: LABELS.reporting,
  start: { bn: 'শুরু', en: 'Starts' },
  end: { bn: 'শেষ', en: 'Ends' },
  toBeAnnounced: { bn: 'পরে জানানো হবে', en: 'To be announced' },
  instructions: { bn: 'পরীক্ষার্থীর প্রতি নির্দেশাবলি', en: 'Instructions' },
  photo: LABELS.photo,
  verify: { bn: 'স্ক্যান করে যাচাই করুন', en: 'Scan to verify' },
  studentSignature: LABELS.candidateSignature,
  headSignature: { bn: 'প্রধান শিক্ষকের স্বাক্ষর ও সিল', en: 'Head teacher’s signature & seal' },
  controllerSignature: { bn: 'পরীক্ষা নিয়ন্ত্রকের স্বাক্ষর', en: 'Controller of examinations' },
} satisfies Record<string, Label>;

export const ROOM_SHEET_TEXT = {
  document: { bn: 'হাজিরা পত্র ও আসন বিন্যাস', en: 'Attendance sheets and seat plans' },
  attendance: { bn: 'হাজিরা পত্র', en: 'Attendance sheet' },
  seatPlan: { bn: 'আসন বিন্যাস', en: 'Seat plan' },
  centre: LABELS.centre,
  room: LABELS.room,
  seats: { bn: 'আসন সংখ্যা', en: 'Seats' },
  candidates: LABELS.candidates,
  seat: LABELS.seat,
  rollNo: LABELS.rollNo,
  // A narrow column: the number's English name shortened.
  regNo: { bn: LABELS.regNo.bn, en: 'Reg. No.' },
  name: { bn: 'নাম ও প্রতিষ্ঠান', en: 'Name & institute' },
  class: LABELS.class,
  photo: LABELS.photo,
  signature: LABELS.candidateSignature,
  present: { bn: 'উপস্থিত', en: 'Present' },
  absent: LABELS.absent,
  invigilator: { bn: 'কক্ষ পরিদর্শকের নাম ও স্বাক্ষর', en: 'Invigilator’s name & signature' },
  noCandidates: { bn: 'এই কক্ষে কোনো পরীক্ষার্থী নেই', en: 'No candidates in this room' },
  toBeAnnounced: { bn: 'সময় পরে জানানো হবে', en: 'Time to be announced' },
  reporting: { bn: LABELS.reporting.bn, en: 'report by' },
} satisfies Record<string, Label>;

export const STATE_LABELS: Record<ResultState, Label> = {
  pass: { bn: 'উত্তীর্ণ', en: 'Passed' },
  fail: { bn: 'অনুত্তীর্ণ', en: 'Failed' },
  absent: LABELS.absent,
  incomplete: { bn: 'নম্বর বাকি', en: 'Marks missing' },
  withheld: { bn: 'ফলাফল স্থগিত', en: 'Result withheld' },
};

export const GRADE_LABELS: Record<ResultGrade, Label> = {
  talent_pool: { bn: 'ট্যালেন্টপুল', en: 'Talent pool' },
  general: { bn: 'সাধারণ', en: 'General' },
};

export const NO_GRADE: Label = { bn: 'বৃত্তি পায়নি', en: 'No scholarship' };

export const RESULT_TEXT = {
  slip: LABELS.result,
  meritList: { bn: 'বৃত্তিপ্রাপ্তদের মেধাতালিকা', en: 'Merit list' },
  instituteSheet: { bn: 'প্রতিষ্ঠানের ফলাফল', en: 'Institute result sheet' },
  name: LABELS.candidate,
  father: LABELS.father,
  institute: LABELS.institute,
  instituteId: { bn: 'প্রতিষ্ঠানের আইডি', en: 'Institute ID' },
  class: LABELS.class,
  rollNo: LABELS.rollNo,
  regNo: LABELS.regNo,
  subject: { bn: 'বিষয়', en: 'Subject' },
  fullMarks: { bn: 'পূর্ণমান', en: 'Full marks' },
  marks: { bn: 'প্রাপ্ত নম্বর', en: 'Marks' },
  total: { bn: 'মোট', en: 'Total' },
  position: { bn: 'মেধাক্রম', en: 'Position' },
  state: LABELS.result,
  grade: { bn: 'বৃত্তি', en: 'Scholarship' },
  awardAmount: { bn: 'বৃত্তির পরিমাণ', en: 'Amount' },
  students: LABELS.candidates,
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

/** The award letters (docs/integrators/documents.md): a letter to each winner and a covering letter to the institute. */
export const AWARD_TEXT = {
  letter: { bn: 'বৃত্তিপ্রাপ্তির পত্র', en: 'Scholarship Award Letter' },
  covering: { bn: 'বৃত্তিপ্রাপ্ত শিক্ষার্থীদের তালিকা', en: 'Scholarship winners' },
  reference: { bn: 'স্মারক নম্বর', en: 'Ref.' },
  date: { bn: 'তারিখ', en: 'Date' },
  name: LABELS.candidate,
  father: LABELS.father,
  institute: LABELS.institute,
  instituteId: RESULT_TEXT.instituteId,
  class: LABELS.class,
  rollNo: LABELS.rollNo,
  regNo: LABELS.regNo,
  award: RESULT_TEXT.grade,
  amount: RESULT_TEXT.awardAmount,
  inWords: { bn: 'কথায়', en: 'In words' },
  total: RESULT_TEXT.total,
  serial: { bn: 'ক্রম', en: 'No.' },
  taka: { bn: 'টাকা', en: 'Tk' },
  verify: { bn: 'স্ক্যান করে যাচাই করুন', en: 'Scan to verify' },
  controllerSignature: ADMIT_CARD_TEXT.controllerSignature,
  headSignature: ADMIT_CARD_TEXT.headSignature,
  toHead: { bn: 'প্রতিষ্ঠানপ্রধান সমীপে', en: 'To the head of the institute' },
} satisfies Record<string, Label>;

/** Each grade's scholarship as a letter names it. */
export const AWARD_NAMES: Record<ResultGrade, Label> = {
  talent_pool: { bn: 'ট্যালেন্টপুল বৃত্তি', en: 'Talent Pool Scholarship' },
  general: { bn: 'সাধারণ গ্রেডে বৃত্তি', en: 'General Grade Scholarship' },
};
