/**
 * The Bengali replies to an inbound SMS (docs/integrators/sms.md), each within two SMS parts
 * (notices/sms-segments): the student's name is shortened to fit, never the numbers. Marks and positions
 * people read are in Bengali digits; the roll stays as the sender typed it in ASCII, since they copy it.
 */
import type { ResultDocument } from '../../../common/schemas/results.js';
import type { SmsInboundAnswer } from '../../../common/schemas/sms-inbound.js';
import { fitSms } from '../notices/index.js';
import { type PublishedResult, RESULT_TEXT } from '../results/index.js';

const bnNumber = new Intl.NumberFormat('bn-BD');

/** How to ask, ending every reply that did not find a result. */
export const HOW_TO_ASK = 'লিখুন: RESULT রোল নম্বর (যেমন RESULT 2604000123)';

export type Reply = { answer: SmsInboundAnswer; text: string };

function resultText(doc: ResultDocument): string {
  if (doc.state === 'withheld') {
    return fitSms((name) => `${RESULT_TEXT.withheld}: ${name}, রোল ${doc.roll_no}। সব বিষয়ের নম্বর পাওয়া গেলে ফলাফল প্রকাশ করা হবে।`, doc.name_bn ?? doc.name_en);
  }
  const state = RESULT_TEXT.states[doc.state] ?? doc.state;
  const marks = doc.state === 'absent' ? state : `মোট ${bnNumber.format(doc.total)}/${bnNumber.format(doc.full_marks)}, ${state}`;
  // The amount as published with the result (none in a result published before awards, or for an amount of 0).
  const award = doc.grade && doc.award_amount ? ` ${bnNumber.format(doc.award_amount)} টাকা` : '';
  const grade = doc.grade ? `${RESULT_TEXT.grades[doc.grade]}${award}` : doc.state === 'pass' ? RESULT_TEXT.noGrade : undefined;
  const position = doc.position > 0 ? `, ${RESULT_TEXT.position} ${bnNumber.format(doc.position)}` : '';
  const outcome = grade ? ` ${grade}${position}।` : '';
  return fitSms((name) => `ফলাফল: ${name}, রোল ${doc.roll_no}। ${marks}।${outcome}`, doc.name_bn ?? doc.name_en);
}

/** The reply to a text: `roll` is what it asked for (undefined: malformed), `found` what the live version has. */
export function replyTo(roll: string | undefined, found: PublishedResult | undefined): Reply {
  if (roll === undefined || found === undefined) return { answer: 'malformed', text: `ফলাফল জানতে ${HOW_TO_ASK}।` };
  switch (found.kind) {
    case 'unpublished':
      return { answer: 'unpublished', text: `বৃত্তি পরীক্ষার ফলাফল এখনও প্রকাশিত হয়নি। প্রকাশের পর ${HOW_TO_ASK}।` };
    case 'unknown_roll':
      return { answer: 'unknown_roll', text: `রোল ${roll} এর কোনো ফলাফল পাওয়া যায়নি। রোল নম্বর দেখে আবার ${HOW_TO_ASK}।` };
    case 'found':
      return { answer: found.doc.state === 'withheld' ? 'withheld' : 'result', text: resultText(found.doc) };
  }
}
