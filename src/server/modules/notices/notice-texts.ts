/**
 * What institutes are told: an SMS in Bengali that fits in two parts (the
 * variable free text, a refusal's reason, is shortened to fit), and a mail with a subject and
 * plain text, Bengali first with the English below. Amounts, counts and dates people read are in
 * Bengali digits; a transaction id stays as entered, since people copy it (the SMS calls it TrxID, as
 * bKash's own messages do, which leaves room for a refusal's reason).
 */
import { fitSms } from './sms-segments.js';

export type NoticeText = { sms: string; email: { subject: string; text: string } };

const bnNumber = new Intl.NumberFormat('bn-BD');
const enNumber = new Intl.NumberFormat('en-IN');
// Made once: a reminder formats a date for every institute of the season.
const dayFormats = {
  'bn-BD': new Intl.DateTimeFormat('bn-BD', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  'en-GB': new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};
const day = (lang: keyof typeof dayFormats, date: string) => dayFormats[lang].format(new Date(`${date}T00:00:00Z`));

const greeting = (name: string | null) => ({ bn: name ? `প্রিয় ${name},` : 'প্রিয় প্রতিষ্ঠান,', en: name ? `Dear ${name},` : 'Dear institute,' });

function mail(subject: { bn: string; en: string }, name: string | null, bn: string, en: string) {
  const hello = greeting(name);
  return { subject: `${subject.bn} / ${subject.en}`, text: `${hello.bn}\n\n${bn}\n\n---\n\n${hello.en}\n\n${en}\n` };
}

export type PaymentApproved = { instituteName: string | null; amount: number; transactionId: string; students: number };

export function paymentApprovedText({ instituteName, amount, transactionId, students }: PaymentApproved): NoticeText {
  const taka = bnNumber.format(amount);
  const count = students > 0 ? ` ${bnNumber.format(students)} জন শিক্ষার্থীর ফি পরিশোধিত।` : '';
  const countEn = students > 0 ? ` It pays the fee of ${enNumber.format(students)} student${students === 1 ? '' : 's'}.` : '';
  return {
    sms: `পেমেন্ট অনুমোদিত: ${taka} টাকা, TrxID ${transactionId}।${count}`,
    email: mail(
      { bn: 'পেমেন্ট অনুমোদিত', en: 'Payment approved' },
      instituteName,
      `আপনার ${taka} টাকার পেমেন্ট (ট্রানজেকশন আইডি ${transactionId}) অনুমোদিত হয়েছে।${count}`,
      `Your payment of ${enNumber.format(amount)} taka (transaction id ${transactionId}) has been approved.${countEn}`,
    ),
  };
}

export type PaymentRefused = { instituteName: string | null; transactionId: string; reason: string };

export function paymentRefusedText({ instituteName, transactionId, reason }: PaymentRefused): NoticeText {
  // The admin's words on one line: an SMS has no room for paragraphs.
  const oneLine = reason.replace(/\s+/g, ' ').trim();
  const sentence = /[।.!?]$/.test(oneLine) ? oneLine : `${oneLine}।`;
  return {
    sms: fitSms((why) => `পেমেন্ট গ্রহণ হয়নি (TrxID ${transactionId})। কারণ: ${why} সংশোধন করে আবার জমা দিন।`, sentence),
    email: mail(
      { bn: 'পেমেন্ট গ্রহণ করা হয়নি', en: 'Payment refused' },
      instituteName,
      `আপনার পেমেন্ট (ট্রানজেকশন আইডি ${transactionId}) গ্রহণ করা হয়নি।\nকারণ: ${reason.trim()}\nসঠিক তথ্য দিয়ে নতুন পেমেন্ট জমা দিন।`,
      `Your payment (transaction id ${transactionId}) was refused.\nReason: ${reason.trim()}\nPlease file a corrected payment.`,
    ),
  };
}

export type WindowClosing = { instituteName: string | null; closes: string };

export function windowClosingText({ instituteName, closes }: WindowClosing): NoticeText {
  const bnDay = day('bn-BD', closes);
  return {
    sms: `বৃত্তি পরীক্ষার নিবন্ধনের শেষ তারিখ ${bnDay}। এর আগে সব শিক্ষার্থীর নিবন্ধন ও ফি পরিশোধ সম্পন্ন করুন।`,
    email: mail(
      { bn: 'নিবন্ধনের শেষ তারিখ আসন্ন', en: 'Registration closes soon' },
      instituteName,
      `বৃত্তি পরীক্ষার নিবন্ধন ${bnDay} তারিখে বন্ধ হবে। এর আগে সব শিক্ষার্থীর নিবন্ধন ও ফি পরিশোধ সম্পন্ন করুন।`,
      `Registration for the scholarship exam closes on ${day('en-GB', closes)}. Please register every student and pay their fees before then.`,
    ),
  };
}

/** What an institute is told of its students in the exam: how many, the count in Bengali digits. */
export type Publication = { instituteName: string | null; students: number };

export function admitCardsPublishedText({ instituteName, students }: Publication): NoticeText {
  const count = bnNumber.format(students);
  return {
    sms: `বৃত্তি পরীক্ষার প্রবেশপত্র প্রকাশিত হয়েছে। আপনার ${count} জন শিক্ষার্থীর প্রবেশপত্র অ্যাকাউন্ট থেকে ডাউনলোড করুন।`,
    email: mail(
      { bn: 'প্রবেশপত্র প্রকাশিত', en: 'Admit cards published' },
      instituteName,
      `বৃত্তি পরীক্ষার প্রবেশপত্র প্রকাশিত হয়েছে। আপনার প্রতিষ্ঠানের ${count} জন শিক্ষার্থীর প্রবেশপত্র আপনার অ্যাকাউন্ট থেকে ডাউনলোড ও মুদ্রণ করুন।`,
      `The scholarship exam's admit cards are published. Please download and print the admit cards of your ${enNumber.format(students)} student${students === 1 ? '' : 's'} from your account.`,
    ),
  };
}

export function resultsPublishedText({ instituteName, students }: Publication): NoticeText {
  const count = bnNumber.format(students);
  return {
    sms: `বৃত্তি পরীক্ষার ফল প্রকাশিত হয়েছে। আপনার ${count} জন শিক্ষার্থীর ফল অ্যাকাউন্ট থেকে দেখুন।`,
    email: mail(
      { bn: 'বৃত্তি পরীক্ষার ফল প্রকাশিত', en: 'Scholarship exam results published' },
      instituteName,
      `বৃত্তি পরীক্ষার ফল প্রকাশিত হয়েছে। আপনার প্রতিষ্ঠানের ${count} জন শিক্ষার্থীর ফল ও মেধাতালিকা আপনার অ্যাকাউন্ট থেকে দেখুন।`,
      `The scholarship exam's results are published. Please see the results of your ${enNumber.format(students)} student${students === 1 ? '' : 's'} and the merit lists in your account.`,
    ),
  };
}

/** What a guardian is told, from the published document only (a withheld result is not sent). */
export type GuardianResult = {
  name: string;
  rollNo: string;
  state: 'pass' | 'fail' | 'absent';
  total: number;
  fullMarks: number;
  position: number;
  grade: 'talent_pool' | 'general' | null;
};

const STATES = { pass: 'উত্তীর্ণ', fail: 'অনুত্তীর্ণ', absent: 'অনুপস্থিত' } as const;
const GRADES = { talent_pool: 'ট্যালেন্টপুল বৃত্তি', general: 'সাধারণ বৃত্তি' } as const;

/**
 * One SMS of at most two parts: the roll stays as printed on the admit card (people copy it), the
 * marks and position in Bengali digits; a long name is shortened to fit.
 */
export function guardianResultText({ name, rollNo, state, total, fullMarks, position, grade }: GuardianResult): string {
  const marks = state === 'absent' ? '' : `, নম্বর ${bnNumber.format(total)}/${bnNumber.format(fullMarks)}`;
  const rank = position > 0 ? `, মেধাক্রম ${bnNumber.format(position)}` : '';
  const award = grade ? `, ${GRADES[grade]}` : '';
  return fitSms((who) => `বৃত্তি পরীক্ষার ফল: ${who}, রোল ${rollNo}: ${STATES[state]}${marks}${rank}${award}।`, name.replace(/\s+/g, ' ').trim());
}
