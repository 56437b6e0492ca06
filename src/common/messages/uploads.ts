/** Uploaded files: images and PDFs, their size, type and place. */
import { defineMessages } from './define.js';

export const uploadMessages = defineMessages({
  bn: {
    uploaded: 'ফাইল আপলোড হয়েছে।',
    upload_deleted: 'ফাইল মুছে ফেলা হয়েছে।',
    upload_file_required: 'একটি ফাইল বেছে নিন।',
    upload_one_file: 'একবারে একটি ফাইল আপলোড করুন।',
    upload_too_large: 'ফাইলের আকার অনেক বড়। ৫ মেগাবাইটের কম হতে হবে।',
    upload_quota_exceeded: 'আপনার অ্যাকাউন্টের আপলোডের জায়গা পূর্ণ। অপ্রয়োজনীয় ফাইল মুছে ফেলুন (কোথাও ব্যবহার না হওয়া ফাইল এক দিন পরে নিজে থেকে মুছে যায়)।',
    upload_type_invalid: 'ফাইলের ধরন সঠিক নয়। JPEG, PNG, WebP বা GIF ছবি অথবা PDF দিন।',
    upload_type_not_accepted: 'এই ঘরে এই ধরনের ফাইল দেওয়া যাবে না।',
    upload_image_unreadable: 'ছবিটি পড়া যায়নি; ফাইলটি হয়তো নষ্ট।',
    upload_pdf_active: 'স্ক্রিপ্ট বা অ্যাকশনসহ PDF আপলোড করা যাবে না।',
    invalid_folder: 'ফোল্ডারে শুধু ছোট হাতের ইংরেজি অক্ষর, সংখ্যা, - ও _ লেখা যাবে, সর্বোচ্চ ৫টি অংশ / দিয়ে আলাদা করে।',
    invalid_accept: 'ফাইলের ধরনের তালিকা সঠিক নয় (যেমন image/*,application/pdf)।',
    unknown_upload: 'এই ফাইলটি এখানে আপলোড করা হয়নি।',
    image_only: 'একটি ছবি দিন।',
  },
  en: {
    uploaded: 'File uploaded.',
    upload_deleted: 'File deleted.',
    upload_file_required: 'Choose a file.',
    upload_one_file: 'Upload one file at a time.',
    upload_too_large: 'File size is too big. Should be less than 5MB.',
    upload_quota_exceeded: 'Your account’s upload space is full. Delete files you no longer need (files used nowhere are removed after a day).',
    upload_type_invalid: 'File is of invalid type. Give a JPEG, PNG, WebP or GIF image or a PDF.',
    upload_type_not_accepted: 'This field does not take this type of file.',
    upload_image_unreadable: 'The image could not be read; the file may be damaged.',
    upload_pdf_active: 'A PDF with scripts or actions cannot be uploaded.',
    invalid_folder: 'The folder may hold only lowercase letters, digits, - and _, at most 5 parts separated by /.',
    invalid_accept: 'The list of file types is not valid (e.g. image/*,application/pdf).',
    unknown_upload: 'This file was not uploaded here.',
    image_only: 'Give an image.',
  },
});
