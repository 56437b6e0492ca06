/** The Bengali text of SMS and e-mail notices; the shell gathers every feature's (shell/texts.ts). */
export const bn = {
  outbox: {
    readOnly: 'বার্তাগুলো কেবল পড়া যায়; যে বার্তা পাঠানো যায়নি সেটি আবার পাঠানো যায়।',
    channels: { sms: 'এসএমএস', email: 'ই-মেইল' },
    states: { pending: 'অপেক্ষমাণ', sending: 'পাঠানো হচ্ছে', sent: 'পাঠানো হয়েছে', failed: 'পাঠানো যায়নি' },
    retry: 'আবার পাঠান',
    retried: 'বার্তাটি আবার পাঠানোর জন্য রাখা হয়েছে।',
    nextAttempt: 'পরের চেষ্টা {{time}}',
    filterGroup: 'ছাঁকা তালিকা',
    filters: { failed: 'পাঠানো যায়নি', pending: 'অপেক্ষমাণ', sent: 'পাঠানো হয়েছে', sms: 'এসএমএস', email: 'ই-মেইল' },
    filterTitles: {
      failed: 'যে বার্তা পাঠানো যায়নি',
      pending: 'অপেক্ষমাণ বার্তা',
      sent: 'পাঠানো বার্তা',
      sms: 'সব এসএমএস',
      email: 'সব ই-মেইল',
    },
  },
  fields: {
    outbox_time: 'তৈরির সময়',
    outbox_channel: 'মাধ্যম',
    outbox_recipient: 'প্রাপক',
    outbox_state: 'অবস্থা',
    outbox_message: 'বার্তা',
    outbox_subject: 'বিষয়',
    outbox_attempts: 'চেষ্টা',
    outbox_sent_at: 'পাঠানো হয়েছে',
    outbox_last_error: 'শেষ ত্রুটি',
    outbox_event: 'ঘটনা',
  },
  resources: {
    outbox: {
      list: 'সব বার্তা',
      create: 'বার্তা',
      edit: 'বার্তা',
      details: 'বার্তার বিস্তারিত',
      info: 'বার্তার তথ্য',
    },
  },
};

declare module '../../../i18n/features.js' {
  interface FeatureTexts {
    outbox: typeof bn;
  }
}
