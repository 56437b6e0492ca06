/** Users and roles. */
import { defineMessages } from './define.js';

export const userMessages = defineMessages({
  bn: {
    system_role: 'অ্যাডমিন ও প্রতিষ্ঠান ভূমিকা দুটি সিস্টেম চালাতে লাগে, তাই এগুলো নিষ্ক্রিয় বা মুছে ফেলা যায় না।',
    cannot_remove_self: 'নিজের অ্যাকাউন্ট নিষ্ক্রিয় বা মুছে ফেলা যায় না।',
    last_admin: 'এটিই শেষ সক্রিয় অ্যাডমিন অ্যাকাউন্ট; আগে আরেকজনকে অ্যাডমিন করুন, তারপর এটির ভূমিকা বদলান, নিষ্ক্রিয় করুন বা মুছুন।',
  },
  en: {
    system_role: 'The admin and institute roles are what the system runs on: they cannot be deactivated or deleted.',
    cannot_remove_self: 'You cannot deactivate or delete your own account.',
    last_admin: 'This is the last active admin account: make another account an admin first, then change, deactivate or delete this one.',
  },
});
