/** The Bengali text of the dashboard and its numbers; the shell gathers every feature's (shell/texts.ts). */
export const bn = {
  dashboard: {
    welcome: 'স্বাগতম, {{name}}',
    intro: 'এখান থেকে আপনার প্রতিষ্ঠানের বৃত্তি নিবন্ধন পরিচালনা করুন।',
    introAdmin: 'এখান থেকে প্রতিষ্ঠান, নিবন্ধন, ফি ও ওয়েবসাইট পরিচালনা করুন।',
    mustChangePasswordTitle: 'পাসওয়ার্ড পরিবর্তন করুন',
    mustChangePassword: 'আপনি একটি অস্থায়ী পাসওয়ার্ড দিয়ে লগইন করেছেন। নিরাপত্তার জন্য প্রোফাইল থেকে এখনই নতুন পাসওয়ার্ড ঠিক করে নিন।',
    mustChangePasswordLink: 'প্রোফাইলে যান',
    mustEnrolTitle: 'দুই ধাপের লগইন চালু করুন',
    mustEnrol: 'সব অ্যাডমিনের জন্য দুই ধাপের লগইন বাধ্যতামূলক। এটি চালু না করা পর্যন্ত অন্য কিছু করা যাবে না।',
    mustEnrolLink: 'এখনই চালু করুন',
  },
  analytics: {
    loadFailed: 'পরিসংখ্যান আনা যায়নি।',
    quickLinks: 'দ্রুত কাজ',
    links: {
      register: 'শিক্ষার্থী নিবন্ধন',
      list: 'নিবন্ধন তালিকা',
      deposit: 'নিবন্ধন ফি জমা',
    },
    cardsTitle: 'এক নজরে',
    cardsTitleAdmin: 'সব প্রতিষ্ঠান এক নজরে',
    cards: {
      total_registration: 'মোট নিবন্ধন',
      total_male: 'ছাত্র',
      total_female: 'ছাত্রী',
      total_fee: 'মোট ফি',
      total_paid: 'মোট পরিশোধিত',
      total_due: 'মোট বকেয়া',
      pending: 'অপেক্ষমাণ পেমেন্ট',
    },
    notes: {
      fee: 'প্রতিজন {{fee}}',
      paid: '{{number}} জন শিক্ষার্থীর ফি পরিশোধিত',
      due: '{{number}} জনের ফি বাকি',
      pending: '{{number}}টি পেমেন্ট, {{students}} জন শিক্ষার্থী',
    },
    season: {
      closesIn: 'নিবন্ধনের শেষ দিন {{date}}: আর {{days}} দিন বাকি',
      closesToday: 'আজ নিবন্ধনের শেষ দিন ({{date}})',
      closed: 'নিবন্ধন বন্ধ হয়েছে {{date}}',
      opensOn: 'নিবন্ধন শুরু হবে {{date}}, আর {{days}} দিন পর',
      lateFeeFrom: '{{date}} থেকে প্রতিজন বিলম্ব ফি {{amount}}',
      lateFeeNow: 'বিলম্ব ফি চলছে: নতুন নিবন্ধনে প্রতিজন {{fee}}',
      paymentDeadline: 'ফি জমার শেষ দিন {{date}}: আর {{days}} দিন',
      paymentClosed: 'ফি জমার সময় শেষ হয়েছে {{date}}',
    },
    byClass: {
      title: 'শ্রেণিভিত্তিক নিবন্ধন',
      class: 'শ্রেণি',
      boys: 'ছাত্র',
      girls: 'ছাত্রী',
      total: 'মোট',
      sum: 'সর্বমোট',
    },
    chart: {
      title: 'শ্রেণিভিত্তিক ছাত্র ও ছাত্রী',
      row: '{{class}}: ছাত্র {{boys}} জন, ছাত্রী {{girls}} জন',
    },
    institutes: {
      title: 'প্রতিষ্ঠানভিত্তিক নিবন্ধন',
      institute_name: 'প্রতিষ্ঠান',
      class: 'শ্রেণি',
      total: 'মোট',
      male: 'ছাত্র',
      female: 'ছাত্রী',
      upozilla: 'উপজেলা',
      searchLabel: 'প্রতিষ্ঠানের নাম দিয়ে খুঁজুন',
      empty: 'এখনো কোনো নিবন্ধন নেই।',
    },
    studentsTitle: 'নিবন্ধিত শিক্ষার্থী',
  },
};

declare module '../../../i18n/features.js' {
  interface FeatureTexts {
    dashboard: typeof bn;
  }
}
