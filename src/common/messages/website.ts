/** The website's pages and the page builder. */
import { defineMessages } from './define.js';

export const websiteMessages = defineMessages({
  bn: {
    url_reserved: 'এই ঠিকানাটি অ্যাপ নিজেই ব্যবহার করে; অন্য একটি ঠিকানা দিন।',
    invalid_page_url: 'ঠিকানায় শুধু অক্ষর, সংখ্যা, - ও _ লেখা যাবে; অংশগুলো / দিয়ে আলাদা করুন।',
    invalid_source_links: 'প্রতিটি লিংক https://… অথবা এই সাইটের একটি ঠিকানা হতে হবে, কমা দিয়ে আলাদা করে।',
    pdf_only: 'শুধু PDF ফাইল দেওয়া যাবে।',
    invalid_layout: 'পেজের লেআউট সঠিক নয়।',
    layout_cells_mismatch: 'এই সারির কলামের সংখ্যা লেআউটের সাথে মেলেনি।',
    too_many_rows: 'সর্বোচ্চ {max}টি সারি রাখা যাবে।',
  },
  en: {
    url_reserved: 'The app itself uses this address; choose another one.',
    invalid_page_url: 'Use only letters, digits, - and _, with / between the parts.',
    invalid_source_links: 'Each link must be https://… or an address on this site, separated by commas.',
    pdf_only: 'Only a PDF file can be given.',
    invalid_layout: 'The page layout is not valid.',
    layout_cells_mismatch: 'The number of cells does not match the row layout.',
    too_many_rows: 'At most {max} rows.',
  },
});
