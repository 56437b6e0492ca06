/** A user's own profile: its e-mail address, mobile number and password. */
import { defineMessages } from './define.js';

export const profileMessages = defineMessages({
  bn: {
    profile_updated: 'প্রোফাইল সফলভাবে হালনাগাদ করা হয়েছে।',
    email_change_sent: 'প্রোফাইল হালনাগাদ হয়েছে। নতুন ইমেইল ঠিকানায় একটি লিংক পাঠানো হয়েছে; লিংকটি খুললে ঠিকানাটি বদলাবে।',
    phone_confirmed: 'এই মোবাইল নম্বরটি নিশ্চিত করা হয়েছে, তাই ছাড়া যাবে না।',
    phone_released: 'মোবাইল নম্বরটি ছেড়ে দেওয়া হয়েছে।',
    phone_confirmation_due: 'এই অ্যাকাউন্টে নম্বরটি ২৪ ঘণ্টার কম সময় আগে যোগ হয়েছে; নিশ্চিত করার জন্য এক দিন সময় দেওয়া হয়, এরপর নম্বরটি ছাড়া যাবে।',
    phone_code_sent: 'আপনার মোবাইল নম্বরে একটি কোড পাঠানো হয়েছে; ১০ মিনিটের মধ্যে কোডটি লিখুন।',
    phone_code_wrong: 'কোডটি সঠিক নয়।',
    phone_code_expired: 'কোডটির মেয়াদ শেষ, অথবা কোনো কোড পাঠানো হয়নি; নতুন কোড পাঠান।',
    phone_missing: 'প্রোফাইলে কোনো মোবাইল নম্বর নেই।',
    phone_already_confirmed: 'মোবাইল নম্বরটি আগেই নিশ্চিত করা হয়েছে।',
    phone_confirmed_now: 'মোবাইল নম্বর নিশ্চিত করা হয়েছে।',
    phone_awaits_holder: 'এই নম্বরটি এমন একটি অ্যাকাউন্টে আছে যা এখনো নম্বরটি নিশ্চিত করেনি; নম্বরটি আপনার হলে অ্যাডমিন তা ছেড়ে দিতে পারেন।',
    password_changed: 'পাসওয়ার্ড সফলভাবে পরিবর্তন করা হয়েছে।',
    old_password_wrong: 'পুরোনো পাসওয়ার্ডটি সঠিক নয়।',
  },
  en: {
    profile_updated: 'Profile updated successfully.',
    email_change_sent: 'Profile updated. A link was sent to the new email address; the address changes when it is opened.',
    phone_confirmed: 'This mobile number is confirmed, so it cannot be released.',
    phone_released: 'The mobile number was released.',
    phone_confirmation_due: 'The account took this number less than 24 hours ago and has a day to confirm it; it can be released after that.',
    phone_code_sent: 'A code was sent to your mobile number; enter it within 10 minutes.',
    phone_code_wrong: 'The code is not right.',
    phone_code_expired: 'The code has expired, or none was sent; send a new code.',
    phone_missing: 'The profile has no mobile number.',
    phone_already_confirmed: 'The mobile number is already confirmed.',
    phone_confirmed_now: 'The mobile number is confirmed.',
    phone_awaits_holder: 'An account holds this number without having confirmed it; if the number is yours, the admin can release it.',
    password_changed: 'Password changed successfully.',
    old_password_wrong: 'The old password is wrong.',
  },
});
