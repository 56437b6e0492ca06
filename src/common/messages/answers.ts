/** What any answer may say: the request itself refused (not signed in, not allowed, too many, too big) or done. */
import { defineMessages } from './define.js';

export const answerMessages = defineMessages({
  bn: {
    ok: 'ঠিক আছে।',
    too_many_requests: 'অনেকবার চেষ্টা করা হয়েছে। কিছুক্ষণ পরে আবার চেষ্টা করুন।',
    unauthenticated: 'অনুগ্রহ করে লগইন করুন।',
    forbidden: 'এই কাজের অনুমতি আপনার নেই।',
    not_found: 'খুঁজে পাওয়া যায়নি।',
    malformed_request: 'অনুরোধটি বোঝা যায়নি।',
    payload_too_large: 'পাঠানো তথ্য অনেক বড়।',
    server_error: 'সার্ভারে একটি সমস্যা হয়েছে। আবার চেষ্টা করুন।',
    validation_failed: 'অনুগ্রহ করে ফর্মটি সঠিকভাবে পূরণ করুন।',
  },
  en: {
    ok: 'OK.',
    too_many_requests: 'Too many attempts. Please try again later.',
    unauthenticated: 'Please log in.',
    forbidden: 'You are not allowed to do this.',
    not_found: 'Not found.',
    malformed_request: 'The request could not be understood.',
    payload_too_large: 'The request is too large.',
    server_error: 'Something went wrong on the server. Please try again.',
    validation_failed: 'Please fill in the form correctly.',
  },
});
