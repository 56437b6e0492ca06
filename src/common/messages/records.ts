/** The resource machinery's: a record stored, changed, deactivated or removed, lists filtered, who may change what. */
import { defineMessages } from './define.js';

export const recordMessages = defineMessages({
  bn: {
    stored: 'তথ্য সফলভাবে সংরক্ষণ করা হয়েছে।',
    updated: 'তথ্য সফলভাবে হালনাগাদ করা হয়েছে।',
    deactivated: 'তথ্য নিষ্ক্রিয় করা হয়েছে।',
    restored: 'তথ্য আবার সক্রিয় করা হয়েছে।',
    destroyed: 'তথ্য স্থায়ীভাবে মুছে ফেলা হয়েছে।',
    in_use: 'এই তথ্যটি অন্য তথ্যে ব্যবহৃত হচ্ছে, তাই মুছে ফেলা যাবে না।',
    unknown_column: 'এই কলামটি এখানে ব্যবহার করা যায় না।',
    unknown_relation: 'এই সম্পর্কটি এখানে ব্যবহার করা যায় না।',
    unknown_operator: 'এই শর্তটি এখানে ব্যবহার করা যায় না।',
    invalid_conditions: 'শর্তগুলো সঠিক নয়।',
    not_your_institute: 'অন্য প্রতিষ্ঠানের নামে এটি করা যাবে না।',
    admin_only_field: 'শুধু অ্যাডমিন এটি পরিবর্তন করতে পারেন।',
    institute_required: 'প্রতিষ্ঠান বেছে নিন।',
    restore_admin_only: 'নিষ্ক্রিয় তথ্য শুধু অ্যাডমিন আবার সক্রিয় করতে পারেন।',
  },
  en: {
    stored: 'Data stored successfully.',
    updated: 'Data updated successfully.',
    deactivated: 'Data deactivated.',
    restored: 'Data restored.',
    destroyed: 'Data deleted permanently.',
    in_use: 'Other records use this one, so it cannot be deleted.',
    unknown_column: 'This column cannot be used here.',
    unknown_relation: 'This relation cannot be used here.',
    unknown_operator: 'This condition cannot be used here.',
    invalid_conditions: 'The conditions are not valid.',
    not_your_institute: 'This cannot be filed under another institute.',
    admin_only_field: 'Only an admin can change this.',
    institute_required: 'Choose the institute.',
    restore_admin_only: 'Only an admin can restore a deactivated record.',
  },
});
