/**
 * The words printed on the exam's documents, Bengali first with the English beside it (issue 13,
 * items 4 and 5). Class names are the product's own (src/web/i18n office `class`).
 */
export type Label = { bn: string; en: string };

export const CLASS_LABELS: Record<string, Label> = {
  '04': { bn: 'চতুর্থ শ্রেণি', en: 'Class Four' },
  '07': { bn: 'সপ্তম শ্রেণি', en: 'Class Seven' },
};

export const ADMIT_CARD_TEXT = {
  title: { bn: 'প্রবেশপত্র', en: 'Admit Card' },
  rollNo: { bn: 'রোল নম্বর', en: 'Roll No.' },
  regNo: { bn: 'নিবন্ধন নম্বর', en: 'Registration No.' },
  name: { bn: 'পরীক্ষার্থীর নাম', en: 'Candidate' },
  father: { bn: 'পিতার নাম', en: 'Father' },
  mother: { bn: 'মাতার নাম', en: 'Mother' },
  institute: { bn: 'শিক্ষাপ্রতিষ্ঠান', en: 'Institute' },
  class: { bn: 'শ্রেণি', en: 'Class' },
  classRoll: { bn: 'শ্রেণি রোল', en: 'Class roll' },
  centre: { bn: 'পরীক্ষাকেন্দ্র', en: 'Centre' },
  room: { bn: 'কক্ষ', en: 'Room' },
  seat: { bn: 'আসন', en: 'Seat' },
  date: { bn: 'তারিখ', en: 'Date' },
  times: { bn: 'সময়', en: 'Time' },
  reporting: { bn: 'উপস্থিতি', en: 'Report by' },
  start: { bn: 'শুরু', en: 'Starts' },
  end: { bn: 'শেষ', en: 'Ends' },
  toBeAnnounced: { bn: 'পরে জানানো হবে', en: 'To be announced' },
  instructions: { bn: 'পরীক্ষার্থীর প্রতি নির্দেশাবলি', en: 'Instructions' },
  photo: { bn: 'ছবি', en: 'Photo' },
  verify: { bn: 'স্ক্যান করে যাচাই করুন', en: 'Scan to verify' },
  studentSignature: { bn: 'পরীক্ষার্থীর স্বাক্ষর', en: 'Candidate’s signature' },
  headSignature: { bn: 'প্রধান শিক্ষকের স্বাক্ষর ও সিল', en: 'Head teacher’s signature & seal' },
  controllerSignature: { bn: 'পরীক্ষা নিয়ন্ত্রকের স্বাক্ষর', en: 'Controller of examinations' },
} satisfies Record<string, Label>;

export const ROOM_SHEET_TEXT = {
  attendance: { bn: 'হাজিরা পত্র', en: 'Attendance sheet' },
  seatPlan: { bn: 'আসন বিন্যাস', en: 'Seat plan' },
  centre: { bn: 'পরীক্ষাকেন্দ্র', en: 'Centre' },
  room: { bn: 'কক্ষ', en: 'Room' },
  seats: { bn: 'আসন সংখ্যা', en: 'Seats' },
  candidates: { bn: 'পরীক্ষার্থী', en: 'Candidates' },
  seat: { bn: 'আসন', en: 'Seat' },
  rollNo: { bn: 'রোল নম্বর', en: 'Roll No.' },
  regNo: { bn: 'নিবন্ধন নম্বর', en: 'Reg. No.' },
  name: { bn: 'নাম ও প্রতিষ্ঠান', en: 'Name & institute' },
  class: { bn: 'শ্রেণি', en: 'Class' },
  photo: { bn: 'ছবি', en: 'Photo' },
  signature: { bn: 'পরীক্ষার্থীর স্বাক্ষর', en: 'Candidate’s signature' },
  present: { bn: 'উপস্থিত', en: 'Present' },
  absent: { bn: 'অনুপস্থিত', en: 'Absent' },
  invigilator: { bn: 'কক্ষ পরিদর্শকের নাম ও স্বাক্ষর', en: 'Invigilator’s name & signature' },
  noCandidates: { bn: 'এই কক্ষে কোনো পরীক্ষার্থী নেই', en: 'No candidates in this room' },
  toBeAnnounced: { bn: 'সময় পরে জানানো হবে', en: 'Time to be announced' },
  reporting: { bn: 'উপস্থিতি', en: 'report by' },
} satisfies Record<string, Label>;
