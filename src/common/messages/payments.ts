/** Fee payments and their approval. */
import { defineMessages } from './define.js';

export const paymentMessages = defineMessages({
  bn: {
    invalid_transaction: 'সঠিক ট্রানজেকশন/রসিদ নম্বর দিন (ইংরেজি অক্ষর ও সংখ্যা)।',
    invalid_bkash_transaction: 'বিকাশের ট্রানজেকশন আইডিতে শুধু ইংরেজি অক্ষর ও সংখ্যা থাকে।',
    transaction_used: 'এই ট্রানজেকশন/রসিদ নম্বরটি আগেই ব্যবহার করা হয়েছে।',
    payment_locked: 'অনুমোদিত পেমেন্ট পরিবর্তন বা মুছে ফেলা যায় না।',
    payments_closed: 'ফি জমার শেষ দিন পার হয়ে গেছে। প্রয়োজনে অ্যাডমিনের সাথে যোগাযোগ করুন।',
    students_not_unpaid: 'বাছাই করা কিছু শিক্ষার্থী আর অপরিশোধিত নেই, বা আপনার প্রতিষ্ঠানের নয়: তালিকাটি আবার খুলে বাছাই করুন।',
    too_many_students: 'একটি পেমেন্টে সর্বোচ্চ ৫,০০০ জন শিক্ষার্থী রাখা যায়।',
    amount_not_students_fee: 'টাকার পরিমাণ বাছাই করা শিক্ষার্থীদের মোট ফির সমান হতে হবে।',
    payment_not_pending: 'পেমেন্টটি এখন আর অপেক্ষমাণ নয়।',
    payment_approved: 'পেমেন্ট অনুমোদন করা হয়েছে।',
    payment_refused: 'পেমেন্ট বাতিল করা হয়েছে।',
  },
  en: {
    invalid_transaction: 'Enter a valid transaction / receipt number (letters and digits).',
    invalid_bkash_transaction: 'A bKash transaction id has letters and digits only.',
    transaction_used: 'This transaction / receipt number has already been used.',
    payment_locked: 'An approved payment cannot be changed or deleted.',
    payments_closed: 'The payment deadline has passed. Contact the admin.',
    students_not_unpaid: 'Some of the chosen students are no longer unpaid, or not your institute’s: open the list again and choose.',
    too_many_students: 'One payment can cover at most 5,000 students.',
    amount_not_students_fee: 'The amount must equal the total fee of the chosen students.',
    payment_not_pending: 'The payment is no longer pending.',
    payment_approved: 'The payment was approved.',
    payment_refused: 'The payment was refused.',
  },
});
