/** Scholarships awarded: the award letters. */
import { defineMessages } from './define.js';

export const scholarshipMessages = defineMessages({
  bn: {
    no_award_letters: 'ছাপার মতো কোনো বৃত্তিপ্রাপ্তির পত্র নেই: এখানে প্রকাশিত ফলাফলে কেউ বৃত্তি পায়নি।',
  },
  en: {
    no_award_letters: 'There is no award letter to print: nobody here is awarded a scholarship in the published result.',
  },
});
