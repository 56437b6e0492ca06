/** Reconciling a bKash or bank statement with the payments. */
import { defineMessages } from './define.js';

export const statementMessages = defineMessages({
  bn: {
    statement_too_big: 'স্টেটমেন্ট ফাইলটি অনেক বড়: সর্বোচ্চ ২,০০,০০০ লাইন ও ৩০ MB।',
    statement_too_many_rows: 'একটি স্টেটমেন্টে সর্বোচ্চ ২,০০,০০০ লাইন নেওয়া যায়: ফাইলটি ভাগ করে দিন।',
    statement_no_lines: 'স্টেটমেন্টে শিরোনামের নিচে কোনো লাইন নেই।',
    statement_column_missing: 'এই কলামটি ফাইলের শিরোনামে নেই।',
    statement_columns_same: 'ট্রানজেকশন আইডি ও টাকার পরিমাণের জন্য আলাদা কলাম বেছে নিন।',
    statement_no_readable_lines: 'বেছে নেওয়া কলামগুলোতে ট্রানজেকশন আইডি ও টাকার পরিমাণসহ কোনো লাইন পাওয়া যায়নি।',
    statement_approval_running: 'এই স্টেটমেন্টের অনুমোদন এখন চলছে।',
    statement_approval_done: 'এই স্টেটমেন্টের অনুমোদন একবার সম্পন্ন হয়েছে; আজকের পেমেন্টের সঙ্গে মেলাতে ফাইলটি আবার আপলোড করুন।',
    statement_replaced: 'এই স্টেটমেন্টটি আবার আপলোড করা হয়েছে; নতুনটি খুলুন।',
  },
  en: {
    statement_too_big: 'This statement file is too large: at most 200,000 lines and 30 MB.',
    statement_too_many_rows: 'A statement may hold at most 200,000 lines: split the file.',
    statement_no_lines: 'The statement has no lines below its header row.',
    statement_column_missing: 'The file’s header row has no such column.',
    statement_columns_same: 'Choose different columns for the transaction id and the amount.',
    statement_no_readable_lines: 'No line has a transaction id and an amount in the chosen columns.',
    statement_approval_running: 'The approval of this statement is already running.',
    statement_approval_done: 'This statement’s approval has already run; upload the file again to read it against today’s payments.',
    statement_replaced: 'This statement has been uploaded again; open the newer one.',
  },
});
