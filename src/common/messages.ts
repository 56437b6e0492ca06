/**
 * Every message the API can put in a 422 or an error answer, in both languages.
 * Schemas carry the key; the server answers in the caller's language and the client
 * translates the same keys, so a rule has one wording wherever it is shown.
 */
export const messages = {
  bn: {
    required: 'এই ঘরটি পূরণ করা আবশ্যক।',
    too_long: 'সর্বোচ্চ {max} অক্ষর লেখা যাবে।',
    too_short: 'কমপক্ষে {min} অক্ষর লিখুন।',
    too_small: 'মান কমপক্ষে {min} হতে হবে।',
    too_big: 'মান সর্বোচ্চ {max} হতে পারে।',
    invalid_text: 'সঠিক লেখা দিন।',
    invalid_number: 'সঠিক সংখ্যা দিন।',
    invalid_email: 'সঠিক ইমেইল ঠিকানা দিন।',
    invalid_mobile: 'সঠিক বাংলাদেশি মোবাইল নম্বর দিন (যেমন ০১৭১২৩৪৫৬৭৮)।',
    invalid_phone: 'সঠিক ফোন নম্বর দিন।',
    invalid_url: 'সঠিক ওয়েব ঠিকানা দিন (https://…)।',
    invalid_choice: 'তালিকা থেকে একটি বেছে নিন।',
    invalid_path: 'ফাইলের পথ সঠিক নয়।',
    password_mismatch: 'পাসওয়ার্ড ও নিশ্চিতকরণ পাসওয়ার্ড মেলেনি।',
    unknown_division: 'এই বিভাগটি তালিকায় নেই।',
    district_not_in_division: 'এই জেলাটি নির্বাচিত বিভাগের মধ্যে নয়।',
    upazila_not_in_district: 'এই উপজেলাটি নির্বাচিত জেলার মধ্যে নয়।',
    email_taken: 'এই ইমেইল দিয়ে আগেই নিবন্ধন করা হয়েছে।',
    phone_taken: 'এই মোবাইল নম্বর দিয়ে আগেই নিবন্ধন করা হয়েছে।',
    invalid_credentials: 'প্রতিষ্ঠান আইডি/ইমেইল/মোবাইল অথবা পাসওয়ার্ড সঠিক নয়।',
    account_inactive: 'এই অ্যাকাউন্টটি নিষ্ক্রিয় করা হয়েছে।',
    validation_failed: 'অনুগ্রহ করে ফর্মটি সঠিকভাবে পূরণ করুন।',
    too_many_requests: 'অনেকবার চেষ্টা করা হয়েছে। কিছুক্ষণ পরে আবার চেষ্টা করুন।',
    unauthenticated: 'অনুগ্রহ করে লগইন করুন।',
    forbidden: 'এই কাজের অনুমতি আপনার নেই।',
    not_found: 'খুঁজে পাওয়া যায়নি।',
    malformed_request: 'অনুরোধটি বোঝা যায়নি।',
    payload_too_large: 'পাঠানো তথ্য অনেক বড়।',
    server_error: 'সার্ভারে একটি সমস্যা হয়েছে। আবার চেষ্টা করুন।',
    logged_in: 'লগইন সফল হয়েছে।',
    logged_out: 'লগআউট সফল হয়েছে।',
    registered: 'নিবন্ধন সফল হয়েছে।',
    reset_sent: 'এই ঠিকানায় কোনো অ্যাকাউন্ট থাকলে একটি অস্থায়ী পাসওয়ার্ড ইমেইলে পাঠানো হয়েছে। আপনার ইমেইল দেখুন।',
    ok: 'ঠিক আছে।',
    stored: 'তথ্য সফলভাবে সংরক্ষণ করা হয়েছে।',
    updated: 'তথ্য সফলভাবে হালনাগাদ করা হয়েছে।',
    deactivated: 'তথ্য নিষ্ক্রিয় করা হয়েছে।',
    restored: 'তথ্য আবার সক্রিয় করা হয়েছে।',
    destroyed: 'তথ্য স্থায়ীভাবে মুছে ফেলা হয়েছে।',
    in_use: 'এই তথ্যটি অন্য তথ্যে ব্যবহৃত হচ্ছে, তাই মুছে ফেলা যাবে না।',
    profile_updated: 'প্রোফাইল সফলভাবে হালনাগাদ করা হয়েছে।',
    password_changed: 'পাসওয়ার্ড সফলভাবে পরিবর্তন করা হয়েছে।',
    old_password_wrong: 'পুরোনো পাসওয়ার্ডটি সঠিক নয়।',
    unknown_column: 'এই কলামটি এখানে ব্যবহার করা যায় না।',
    unknown_relation: 'এই সম্পর্কটি এখানে ব্যবহার করা যায় না।',
    unknown_operator: 'এই শর্তটি এখানে ব্যবহার করা যায় না।',
    invalid_conditions: 'শর্তগুলো সঠিক নয়।',
    invalid_flag: '০ অথবা ১ দিন।',
    unique_taken: 'এই মানটি আগেই ব্যবহার করা হয়েছে।',
    cannot_remove_self: 'নিজের অ্যাকাউন্ট নিষ্ক্রিয় বা মুছে ফেলা যায় না।',
  },
  en: {
    required: 'This field is required.',
    too_long: 'At most {max} characters.',
    too_short: 'At least {min} characters.',
    too_small: 'Must be at least {min}.',
    too_big: 'Must be at most {max}.',
    invalid_text: 'Enter valid text.',
    invalid_number: 'Enter a valid number.',
    invalid_email: 'Enter a valid email address.',
    invalid_mobile: 'Enter a valid Bangladeshi mobile number (e.g. 01712345678).',
    invalid_phone: 'Enter a valid phone number.',
    invalid_url: 'Enter a valid web address (https://…).',
    invalid_choice: 'Choose one of the listed values.',
    invalid_path: 'The file path is not valid.',
    password_mismatch: 'The password confirmation does not match.',
    unknown_division: 'This division is not in the list.',
    district_not_in_division: 'This district is not in the selected division.',
    upazila_not_in_district: 'This upazila is not in the selected district.',
    email_taken: 'This email address is already registered.',
    phone_taken: 'This mobile number is already registered.',
    invalid_credentials: 'The institute id/email/mobile or the password is wrong.',
    account_inactive: 'This account has been deactivated.',
    validation_failed: 'Please fill in the form correctly.',
    too_many_requests: 'Too many attempts. Please try again later.',
    unauthenticated: 'Please log in.',
    forbidden: 'You are not allowed to do this.',
    not_found: 'Not found.',
    malformed_request: 'The request could not be understood.',
    payload_too_large: 'The request is too large.',
    server_error: 'Something went wrong on the server. Please try again.',
    logged_in: 'Logged in successfully.',
    logged_out: 'Logged out successfully.',
    registered: 'Registration successful.',
    reset_sent: 'If an account exists for that address, a temporary password has been emailed. Please check your email.',
    ok: 'OK.',
    stored: 'Data stored successfully.',
    updated: 'Data updated successfully.',
    deactivated: 'Data deactivated.',
    restored: 'Data restored.',
    destroyed: 'Data deleted permanently.',
    in_use: 'Other records use this one, so it cannot be deleted.',
    profile_updated: 'Profile updated successfully.',
    password_changed: 'Password changed successfully.',
    old_password_wrong: 'The old password is wrong.',
    unknown_column: 'This column cannot be used here.',
    unknown_relation: 'This relation cannot be used here.',
    unknown_operator: 'This condition cannot be used here.',
    invalid_conditions: 'The conditions are not valid.',
    invalid_flag: 'Give 0 or 1.',
    unique_taken: 'This value is already in use.',
    cannot_remove_self: 'You cannot deactivate or delete your own account.',
  },
} as const;

export type Lang = keyof typeof messages;
export type MessageKey = keyof (typeof messages)['en'];
export const LANGS = ['bn', 'en'] as const satisfies readonly Lang[];

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages.en, key);
}

/** The message for `key` with `{name}` placeholders filled; unknown keys pass through unchanged. */
export function translate(lang: Lang, key: string, params: Record<string, unknown> = {}): string {
  const template: string = isMessageKey(key) ? messages[lang][key] : key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? new Intl.NumberFormat(lang === 'bn' ? 'bn-BD' : 'en-US').format(value) : String(value);
  });
}
