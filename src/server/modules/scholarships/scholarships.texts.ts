/** The award's public verification page, Bengali first as the public site is. */
export const AWARD_TEXT = {
  verifyTitle: 'বৃত্তি যাচাই',
  valid: 'এই বৃত্তিপ্রাপ্তির পত্রটি বৈধ।',
  withdrawn: 'এই বৃত্তি প্রত্যাহার করা হয়েছে: পত্রটি আর বৈধ নয়।',
  withdrawnOn: 'প্রত্যাহারের তারিখ',
  name: 'নাম',
  nameEnglish: 'Name',
  father: 'পিতার নাম',
  institute: 'শিক্ষা প্রতিষ্ঠান',
  class: 'শ্রেণি',
  roll: 'রোল নম্বর',
  award: 'বৃত্তি',
  amount: 'বৃত্তির পরিমাণ',
  awardedOn: 'বৃত্তি প্রদানের তারিখ',
  taka: (amount: string) => `${amount} টাকা`,
  grades: { talent_pool: 'ট্যালেন্টপুল বৃত্তি', general: 'সাধারণ গ্রেডে বৃত্তি' } as Record<string, string>,
  classes: { '04': '৪র্থ শ্রেণি', '07': '৭ম শ্রেণি' } as Record<string, string>,
} as const;
