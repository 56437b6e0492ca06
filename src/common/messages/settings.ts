/** The settings. */
import { defineMessages } from './define.js';

export const settingMessages = defineMessages({
  bn: {
    setting_not_in_group: 'এই সেটিংটি এই গ্রুপের নয়।',
    invalid_fee: 'শূন্যের চেয়ে বড় একটি পূর্ণ সংখ্যা দিন।',
    setting_too_long: 'সর্বোচ্চ ১০০০ অক্ষর লেখা যাবে।',
    too_many_settings: 'একবারে সর্বোচ্চ ২০০টি সেটিং সংরক্ষণ করা যায়।',
    invalid_award_amount: 'টাকার অঙ্ক পূর্ণ সংখ্যায় দিন (শূন্য বা তার বেশি, সর্বোচ্চ ১,০০,০০,০০০)।',
  },
  en: {
    setting_not_in_group: 'This setting does not belong to this group.',
    invalid_fee: 'Enter a whole number greater than zero.',
    setting_too_long: 'At most 1000 characters.',
    too_many_settings: 'At most 200 settings can be saved at once.',
    invalid_award_amount: 'Enter the amount in whole taka (zero or more, at most 10,000,000).',
  },
});
