/** Background jobs and the files they make (PDFs, sheets). */
import { defineMessages } from './define.js';

export const documentMessages = defineMessages({
  bn: {
    job_running: 'এই কাজটি এখন চলছে; শেষ হলে আবার চেষ্টা করুন।',
    document_started: 'ফাইল তৈরি শুরু হয়েছে।',
    file_not_ready: 'ফাইলটি এখনও তৈরি হয়নি।',
    pdf_unavailable: 'এই মুহূর্তে PDF তৈরি করা যাচ্ছে না। কিছুক্ষণ পরে আবার চেষ্টা করুন; সমস্যা থাকলে অ্যাডমিনকে জানান।',
    document_running: 'আপনার আগের একটি ফাইল এখনও তৈরি হচ্ছে; সেটি শেষ হলে আবার চেষ্টা করুন।',
    file_expired: 'ফাইলটি আর রাখা নেই (তৈরির এক দিন পর মুছে ফেলা হয়); আবার তৈরি করুন।',
  },
  en: {
    job_running: 'This is running now; try again when it ends.',
    document_started: 'The file is being made.',
    file_not_ready: 'The file is not ready yet.',
    pdf_unavailable: 'PDFs cannot be made at the moment. Try again in a while; if it persists, tell the admin.',
    document_running: 'Another file of yours is still being made; try again when it is done.',
    file_expired: 'The file is no longer kept (files are removed a day after they are made); make it again.',
  },
});
