/** The Bengali text of the audit log; the shell gathers every feature's (shell/texts.ts). */
export const bn = {
  audit: {
    readOnly: 'অডিট লগ কেবল পড়া যায়; কেউ এটি বদলাতে বা মুছতে পারে না।',
    nobody: 'লগইন ছাড়া',
    /** What kind of record an entry is about (the server's resource names). */
    entities: {
      users: 'ব্যবহারকারী',
      'user-roles': 'রোল',
      'scholarship-registrations': 'বৃত্তি নিবন্ধন',
      'scholarship-payments': 'নিবন্ধন ফি পরিশোধ',
      settings: 'সেটিংস',
      'web-page-menu': 'মেনু',
      'web-page-sub-menu': 'সাব মেনু',
      'blog-categories': 'ব্লগ ক্যাটাগরি',
      'news-categories': 'সংবাদ ক্যাটাগরি',
      'notice-categories': 'নোটিশ ক্যাটাগরি',
      'page-build': 'পেজ',
      exam: 'পরীক্ষা',
      'exam-centres': 'পরীক্ষা কেন্দ্র',
    },
    actions: {
      payment_approve: 'পেমেন্ট অনুমোদন',
      payment_unapprove: 'পেমেন্টের অনুমোদন প্রত্যাহার',
      payment_refuse: 'পেমেন্ট বাতিল',
      record_soft_delete: 'নিষ্ক্রিয় করা',
      record_restore: 'পুনরায় সক্রিয় করা',
      record_destroy: 'স্থায়ীভাবে মুছে ফেলা',
      user_role_change: 'ব্যবহারকারীর ভূমিকা পরিবর্তন',
      role_create: 'নতুন রোল',
      role_update: 'রোল পরিবর্তন',
      settings_update: 'সেটিংস পরিবর্তন',
      password_reset_request: 'পাসওয়ার্ড রিসেটের অনুরোধ',
      password_reset_used: 'অস্থায়ী পাসওয়ার্ড ব্যবহার',
      password_change: 'পাসওয়ার্ড পরিবর্তন',
      notice_retry: 'বার্তা আবার পাঠানো',
      two_factor_enable: 'দুই ধাপের লগইন চালু',
      two_factor_disable: 'দুই ধাপের লগইন বন্ধ',
      two_factor_policy: 'অ্যাডমিনদের দুই ধাপের লগইনের নিয়ম পরিবর্তন',
      email_change: 'ইমেইল পরিবর্তন',
      phone_release: 'মোবাইল নম্বর ছেড়ে দেওয়া',
      exam_update: 'পরীক্ষার তথ্য পরিবর্তন',
      exam_publish: 'প্রবেশপত্র প্রকাশ বা প্রত্যাহার',
      seats_allocate: 'আসন বিন্যাস',
      seats_move: 'শিক্ষার্থীদের অন্য কেন্দ্রে সরানো',
      centre_create: 'নতুন কেন্দ্র',
      centre_update: 'কেন্দ্র পরিবর্তন',
      marks_update: 'নম্বর দেওয়া বা পরিবর্তন',
      results_rules: 'ফলাফলের নিয়ম পরিবর্তন',
      results_process: 'ফলাফল প্রস্তুত',
      results_publish: 'ফলাফল প্রকাশ বা প্রত্যাহার',
      results_withhold: 'ফলাফল স্থগিত',
      results_release: 'স্থগিত ফলাফল প্রকাশযোগ্য',
    },
  },
  fields: {
    audit_time: 'সময়',
    audit_user: 'ব্যবহারকারী',
    audit_action: 'কাজ',
    audit_entity: 'রেকর্ড',
    audit_ip: 'আইপি ঠিকানা',
    audit_user_agent: 'ব্রাউজার',
    audit_before: 'আগে',
    audit_after: 'পরে',
  },
  resources: {
    auditLogs: {
      list: 'অডিট লগ',
      create: 'অডিট লগ',
      edit: 'অডিট লগ',
      details: 'অডিট লগের বিস্তারিত',
      info: 'অডিট লগের তথ্য',
    },
  },
};

declare module '../../../i18n/features.js' {
  interface FeatureTexts {
    audit: typeof bn;
  }
}
