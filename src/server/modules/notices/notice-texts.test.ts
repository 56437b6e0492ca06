/**
 * SMS length (3GPP TS 23.038): GSM-7 160/153, UCS-2 (any Bengali letter) 70/67 UTF-16 code units;
 * every notice fits in two parts with the longest values the forms allow.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PAYMENT_AMOUNT } from '../../../common/schemas/payments.js';
import {
  admitCardsPublishedText,
  guardianResultText,
  paymentApprovedText,
  paymentRefusedText,
  resultsPublishedText,
  windowClosingText,
} from './notice-texts.js';
import { fitSms, smsEncoding, smsSegments, smsUnits } from './sms-segments.js';

describe('the SMS segment counter', () => {
  it('counts GSM-7 texts in 160 characters, then 153 a part', () => {
    expect(smsSegments('')).toBe(0);
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments('a'.repeat(307))).toBe(3);
  });

  it('counts the extension characters twice', () => {
    expect(smsEncoding('price: 5€ {x}')).toBe('gsm7');
    expect(smsUnits('€[]')).toBe(6);
    expect(smsSegments('€'.repeat(80))).toBe(1);
    expect(smsSegments('€'.repeat(81))).toBe(2);
  });

  it('makes the whole text UCS-2 for one Bengali letter: 70 code units, then 67 a part', () => {
    expect(smsEncoding(`${'a'.repeat(100)}ক`)).toBe('ucs2');
    expect(smsSegments('ক'.repeat(70))).toBe(1);
    expect(smsSegments('ক'.repeat(71))).toBe(2);
    expect(smsSegments('ক'.repeat(134))).toBe(2);
    expect(smsSegments('ক'.repeat(135))).toBe(3);
    // A curly quote is not GSM-7 either.
    expect(smsEncoding('it’s')).toBe('ucs2');
  });

  it('counts UTF-16 code units: a character outside the BMP takes two', () => {
    expect(smsUnits('😀')).toBe(2);
    expect(smsSegments('😀'.repeat(35))).toBe(1);
    expect(smsSegments('😀'.repeat(36))).toBe(2);
  });

  it('shortens only the variable part, whole characters, with an ellipsis', () => {
    const text = fitSms((v) => `কারণ: ${v}।`, '😀'.repeat(200));
    expect(smsSegments(text)).toBe(2);
    expect(text).toMatch(/…।$/);
    expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(fitSms((v) => `কারণ: ${v}।`, 'ভুল আইডি')).toBe('কারণ: ভুল আইডি।');
  });
});

const LONGEST_ID = 'A1B2C3D4E5'.repeat(4);

describe('the notices', () => {
  it('payment approved: amount, transaction id and students in Bengali digits, within two parts', () => {
    const { sms, email } = paymentApprovedText({
      instituteName: 'ঢাকা আদর্শ বিদ্যালয়',
      amount: MAX_PAYMENT_AMOUNT,
      transactionId: LONGEST_ID,
      students: 100_000,
    });
    expect(sms).toBe(`পেমেন্ট অনুমোদিত: ১,০০,০০,০০০ টাকা, TrxID ${LONGEST_ID}। ১,০০,০০০ জন শিক্ষার্থীর ফি পরিশোধিত।`);
    expect(smsSegments(sms)).toBe(2);
    expect(email.subject).toBe('পেমেন্ট অনুমোদিত / Payment approved');
    expect(email.text).toMatch(/^প্রিয় ঢাকা আদর্শ বিদ্যালয়,\n\n.*অনুমোদিত হয়েছে।[\s\S]*---\n\nDear ঢাকা আদর্শ বিদ্যালয়,\n\nYour payment of 1,00,00,000 taka/);
  });

  it('a typical approval fits in two parts and names no students when the payment named none', () => {
    const { sms } = paymentApprovedText({ instituteName: null, amount: 4000, transactionId: '8N7A6D5B4C', students: 0 });
    expect(sms).toBe('পেমেন্ট অনুমোদিত: ৪,০০০ টাকা, TrxID 8N7A6D5B4C।');
    expect(smsSegments(sms)).toBe(1);
  });

  it('payment refused: the reason is shortened to fit two parts, the transaction id is whole', () => {
    const reason = 'ট্রানজেকশন আইডি বিকাশের বিবরণীতে পাওয়া যায়নি এবং টাকার পরিমাণও মেলেনি, অনুগ্রহ করে সঠিক আইডি দিয়ে আবার জমা দিন। '.repeat(5);
    const { sms, email } = paymentRefusedText({ instituteName: 'স্কুল', transactionId: LONGEST_ID, reason });
    expect(smsSegments(sms)).toBe(2);
    expect(sms).toContain(`TrxID ${LONGEST_ID}`);
    expect(sms).toMatch(/^পেমেন্ট গ্রহণ হয়নি \(TrxID A1B2.*\)। কারণ: ট্রানজেকশন আইডি .*… সংশোধন করে আবার জমা দিন।$/);
    // The mail has room for all of it.
    expect(email.text).toContain(reason.trim());
  });

  it('a short reason is kept whole, on one line', () => {
    const { sms } = paymentRefusedText({ instituteName: null, transactionId: '8N7A6D5B4C', reason: 'টাকার পরিমাণ\nমেলেনি।' });
    expect(sms).toBe('পেমেন্ট গ্রহণ হয়নি (TrxID 8N7A6D5B4C)। কারণ: টাকার পরিমাণ মেলেনি। সংশোধন করে আবার জমা দিন।');
    expect(smsSegments(sms)).toBe(2);
  });

  it('registration closing: the date in Bengali, within two parts for every month', () => {
    for (let month = 1; month <= 12; month++) {
      const { sms } = windowClosingText({ instituteName: null, closes: `2026-${String(month).padStart(2, '0')}-30`.replace('02-30', '02-28') });
      expect(smsSegments(sms)).toBeLessThanOrEqual(2);
    }
    const { sms, email } = windowClosingText({ instituteName: null, closes: '2026-12-31' });
    expect(sms).toContain('৩১ ডিসেম্বর, ২০২৬');
    expect(email.text).toContain('31 December 2026');
  });

  it('admit cards and results published: the count in Bengali digits, within two parts for a school of thousands', () => {
    for (const compose of [admitCardsPublishedText, resultsPublishedText]) {
      const text = compose({ instituteName: 'ঢাকা রেসিডেনসিয়াল মডেল কলেজ', students: 12_345 });
      expect(text.sms).toContain('১২,৩৪৫ জন');
      expect(smsSegments(text.sms)).toBeLessThanOrEqual(2);
      expect(text.email.subject).toMatch(/ \/ /);
      expect(text.email.text).toContain('12,345 students');
    }
  });

  it("a guardian's result: the roll as printed, marks, position and award in Bengali digits, within two parts however long the name", () => {
    const pass = guardianResultText({ name: 'মোঃ করিম', rollNo: '0412345678', state: 'pass', total: 255.5, fullMarks: 300, position: 3, grade: 'talent_pool' });
    expect(pass).toBe('বৃত্তি পরীক্ষার ফল: মোঃ করিম, রোল 0412345678: উত্তীর্ণ, নম্বর ২৫৫.৫/৩০০, মেধাক্রম ৩, ট্যালেন্টপুল বৃত্তি।');
    const absent = guardianResultText({ name: 'MD KARIM', rollNo: '0412345679', state: 'absent', total: 0, fullMarks: 300, position: 0, grade: null });
    expect(absent).toBe('বৃত্তি পরীক্ষার ফল: MD KARIM, রোল 0412345679: অনুপস্থিত।');
    const long = guardianResultText({
      name: 'মোহাম্মদ আব্দুল্লাহ আল মামুন চৌধুরী '.repeat(4),
      rollNo: '0712345678',
      state: 'pass',
      total: 199,
      fullMarks: 300,
      position: 12_345,
      grade: 'general',
    });
    expect(smsSegments(long)).toBe(2);
    expect(long).toContain('…, রোল 0712345678: উত্তীর্ণ, নম্বর ১৯৯/৩০০, মেধাক্রম ১২,৩৪৫, সাধারণ বৃত্তি।');
  });
});
