/** Students' registrations and the registration window. */
import { defineMessages } from './define.js';

export const registrationMessages = defineMessages({
  bn: {
    registration_not_open: 'নিবন্ধন এখনো শুরু হয়নি। সেটিংসে দেওয়া শুরুর তারিখ থেকে নিবন্ধন করা যাবে।',
    registration_closed: 'নিবন্ধনের সময় শেষ হয়ে গেছে। প্রয়োজনে অ্যাডমিনের সাথে যোগাযোগ করুন।',
    duplicate_roll: 'এই শ্রেণির এই রোলে আপনার প্রতিষ্ঠানের একজন শিক্ষার্থী আগেই নিবন্ধিত (নিবন্ধন নম্বর {reg_no})।',
    duplicate_birth_certificate: 'এই জন্ম নিবন্ধন নম্বরে একজন শিক্ষার্থী আগেই নিবন্ধিত (নিবন্ধন নম্বর {reg_no})।',
    registration_in_payment: 'এই শিক্ষার্থী একটি পেমেন্টে আছে (অপেক্ষমাণ বা পরিশোধিত), তাই মুছে ফেলা বা অন্য প্রতিষ্ঠানে সরানো যাবে না।',
  },
  en: {
    registration_not_open: 'Registration has not opened yet. It opens on the date set in the settings.',
    registration_closed: 'Registration is closed. Contact the admin if you need to register a student.',
    duplicate_roll: 'A student of this institute is already registered in this class with this roll (registration no {reg_no}).',
    duplicate_birth_certificate: 'A student with this birth registration number is already registered (registration no {reg_no}).',
    registration_in_payment: 'This student is in a payment (pending or paid), so it cannot be deleted or moved to another institute.',
  },
});
