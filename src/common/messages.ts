/**
 * Every message the API can put in a 422 or an error answer, in both languages.
 * Schemas carry the key; the server answers in the caller's language and the client
 * translates the same keys, so a rule has one wording wherever it is shown. Each domain
 * declares its own (./messages/<domain>.ts); a key is declared once (messages.test.ts).
 */
import { answerMessages } from './messages/answers.js';
import { validationMessages } from './messages/validation.js';
import { placeMessages } from './messages/places.js';
import { authMessages } from './messages/auth.js';
import { profileMessages } from './messages/profile.js';
import { recordMessages } from './messages/records.js';
import { userMessages } from './messages/users.js';
import { registrationMessages } from './messages/registrations.js';
import { importMessages } from './messages/import.js';
import { paymentMessages } from './messages/payments.js';
import { statementMessages } from './messages/statements.js';
import { outboxMessages } from './messages/outbox.js';
import { websiteMessages } from './messages/website.js';
import { uploadMessages } from './messages/uploads.js';
import { settingMessages } from './messages/settings.js';
import { examMessages } from './messages/exam.js';
import { documentMessages } from './messages/documents.js';
import { resultMessages } from './messages/results.js';
import { smsInboundMessages } from './messages/sms-inbound.js';
import { scholarshipMessages } from './messages/scholarships.js';
import { payoutMessages } from './messages/payouts.js';

/** Each domain's messages; a key belongs to one (messages.test.ts). */
export const MESSAGE_DOMAINS = [
  answerMessages,
  validationMessages,
  placeMessages,
  authMessages,
  profileMessages,
  recordMessages,
  userMessages,
  registrationMessages,
  importMessages,
  paymentMessages,
  statementMessages,
  outboxMessages,
  websiteMessages,
  uploadMessages,
  settingMessages,
  examMessages,
  documentMessages,
  resultMessages,
  smsInboundMessages,
  scholarshipMessages,
  payoutMessages,
] as const;

type AllOf<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;
type Catalog = AllOf<(typeof MESSAGE_DOMAINS)[number]['bn']>;

const gather = (lang: 'bn' | 'en'): Catalog => Object.assign({}, ...MESSAGE_DOMAINS.map((domain) => domain[lang]));

export const messages = { bn: gather('bn'), en: gather('en') };

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
