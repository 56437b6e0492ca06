/** The exam's public texts (the verification page), Bengali first as the public site is. */
export const EXAM_TEXT = {
  verifyTitle: 'প্রবেশপত্র যাচাই',
  verifyValid: 'এই প্রবেশপত্রটি বৈধ।',
  verifyNotFound: 'এই প্রবেশপত্রটি খুঁজে পাওয়া যায়নি বা এটি আর বৈধ নয়।',
  name: 'নাম',
  nameEnglish: 'Name',
  roll: 'রোল নম্বর',
  class: 'শ্রেণি',
  centre: 'পরীক্ষা কেন্দ্র',
  photo: 'শিক্ষার্থীর ছবি',
  classes: { '04': '৪র্থ শ্রেণি', '07': '৭ম শ্রেণি' } as Record<string, string>,
} as const;
