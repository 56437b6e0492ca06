/** An address's division, district and upazila (src/common/geo). */
import { defineMessages } from './define.js';

export const placeMessages = defineMessages({
  bn: {
    unknown_division: 'এই বিভাগটি তালিকায় নেই।',
    district_not_in_division: 'এই জেলাটি নির্বাচিত বিভাগের মধ্যে নয়।',
    upazila_not_in_district: 'এই উপজেলাটি নির্বাচিত জেলার মধ্যে নয়।',
    unknown_upazila: 'একটি উপজেলা তালিকায় নেই।',
  },
  en: {
    unknown_division: 'This division is not in the list.',
    district_not_in_division: 'This district is not in the selected division.',
    upazila_not_in_district: 'This upazila is not in the selected district.',
    unknown_upazila: 'An upazila is not in the list.',
  },
});
