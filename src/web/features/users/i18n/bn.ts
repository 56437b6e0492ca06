/** The Bengali text of users and roles; the shell gathers every feature's (shell/texts.ts). */
export const bn = {
  users: {
    sections: {
      account: 'অ্যাকাউন্ট',
      person: 'ব্যক্তির তথ্য',
    },
    passwordKeep: 'পাসওয়ার্ড বদলাতে না চাইলে ঘর দুটি খালি রাখুন।',
    person: {
      name: 'নাম',
      phone_number: 'মোবাইল নম্বর',
      email: 'ইমেইল',
      photo: 'ছবি',
      emailHint: 'লগইন ও পাসওয়ার্ড ভুলে গেলে এই ঠিকানা কাজে লাগবে।',
    },
  },
  resources: {
    users: {
      list: 'সব ব্যবহারকারী',
      create: 'নতুন ব্যবহারকারী',
      edit: 'ব্যবহারকারীর তথ্য সম্পাদনা',
      details: 'ব্যবহারকারীর বিস্তারিত',
      info: 'ব্যবহারকারীর তথ্য',
    },
    userRoles: {
      list: 'সব রোল',
      create: 'নতুন রোল',
      edit: 'রোল সম্পাদনা',
      details: 'রোলের বিস্তারিত',
      info: 'রোলের তথ্য',
    },
  },
};

declare module '../../../i18n/features.js' {
  interface FeatureTexts {
    users: typeof bn;
  }
}
