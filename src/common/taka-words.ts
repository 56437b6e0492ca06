/**
 * An amount of taka in words, as a board writes it on an award letter or a cheque (docs/integrators/documents.md):
 * Bengali counts in কোটি, লক্ষ, হাজার and শত ("এক লক্ষ পঁচিশ হাজার পাঁচশত টাকা মাত্র"), and the English of
 * Bangladesh in crore, lakh, thousand and hundred ("Taka One Lakh Twenty-Five Thousand Five Hundred Only").
 * Bengali's numbers below a hundred are each their own word, so they are listed, not composed.
 */
const BN_0_99 = [
  'শূন্য', 'এক', 'দুই', 'তিন', 'চার', 'পাঁচ', 'ছয়', 'সাত', 'আট', 'নয়',
  'দশ', 'এগারো', 'বারো', 'তেরো', 'চৌদ্দ', 'পনেরো', 'ষোলো', 'সতেরো', 'আঠারো', 'উনিশ',
  'বিশ', 'একুশ', 'বাইশ', 'তেইশ', 'চব্বিশ', 'পঁচিশ', 'ছাব্বিশ', 'সাতাশ', 'আটাশ', 'ঊনত্রিশ',
  'ত্রিশ', 'একত্রিশ', 'বত্রিশ', 'তেত্রিশ', 'চৌত্রিশ', 'পঁয়ত্রিশ', 'ছত্রিশ', 'সাঁইত্রিশ', 'আটত্রিশ', 'ঊনচল্লিশ',
  'চল্লিশ', 'একচল্লিশ', 'বিয়াল্লিশ', 'তেতাল্লিশ', 'চুয়াল্লিশ', 'পঁয়তাল্লিশ', 'ছেচল্লিশ', 'সাতচল্লিশ', 'আটচল্লিশ', 'ঊনপঞ্চাশ',
  'পঞ্চাশ', 'একান্ন', 'বায়ান্ন', 'তিপ্পান্ন', 'চুয়ান্ন', 'পঞ্চান্ন', 'ছাপ্পান্ন', 'সাতান্ন', 'আটান্ন', 'ঊনষাট',
  'ষাট', 'একষট্টি', 'বাষট্টি', 'তেষট্টি', 'চৌষট্টি', 'পঁয়ষট্টি', 'ছেষট্টি', 'সাতষট্টি', 'আটষট্টি', 'ঊনসত্তর',
  'সত্তর', 'একাত্তর', 'বাহাত্তর', 'তিয়াত্তর', 'চুয়াত্তর', 'পঁচাত্তর', 'ছিয়াত্তর', 'সাতাত্তর', 'আটাত্তর', 'ঊনআশি',
  'আশি', 'একাশি', 'বিরাশি', 'তিরাশি', 'চুরাশি', 'পঁচাশি', 'ছিয়াশি', 'সাতাশি', 'অষ্টাশি', 'ঊননব্বই',
  'নব্বই', 'একানব্বই', 'বিরানব্বই', 'তিরানব্বই', 'চুরানব্বই', 'পঁচানব্বই', 'ছিয়ানব্বই', 'সাতানব্বই', 'আটানব্বই', 'নিরানব্বই',
]; // prettier-ignore

const EN_0_19 = [
  'Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine',
  'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen',
]; // prettier-ignore
const EN_TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** The places of the subcontinent's count, largest first: crore (10⁷), lakh (10⁵), thousand, hundred. */
const PLACES = [
  { value: 10_000_000, bn: ' কোটি', en: ' Crore' },
  { value: 100_000, bn: ' লক্ষ', en: ' Lakh' },
  { value: 1000, bn: ' হাজার', en: ' Thousand' },
  { value: 100, bn: 'শত', en: ' Hundred' },
] as const;

const en0to99 = (n: number) => (n < 20 ? EN_0_19[n]! : EN_TENS[Math.floor(n / 10)]! + (n % 10 ? `-${EN_0_19[n % 10]}` : ''));

/** Whole numbers from zero: a count of crores above 99 is itself counted ("একশত কোটি"). */
function words(n: number, lang: 'bn' | 'en'): string {
  const under100 = (k: number) => (lang === 'bn' ? BN_0_99[k]! : en0to99(k));
  if (n < 100) return under100(n);
  const parts: string[] = [];
  let rest = n;
  for (const place of PLACES) {
    const count = Math.floor(rest / place.value);
    rest %= place.value;
    if (count === 0) continue;
    // শত joins its count ("পাঁচশত"); the other places stand apart as words.
    parts.push((place.value === 10_000_000 ? words(count, lang) : under100(count)) + place[lang]);
  }
  if (rest > 0) parts.push(under100(rest));
  return parts.join(' ');
}

/** "পাঁচ হাজার টাকা মাত্র" */
export function takaInBengaliWords(taka: number): string {
  if (!Number.isSafeInteger(taka) || taka < 0) throw new RangeError('whole taka, zero or more');
  return `${words(taka, 'bn')} টাকা মাত্র`;
}

/** "Taka Five Thousand Only" */
export function takaInEnglishWords(taka: number): string {
  if (!Number.isSafeInteger(taka) || taka < 0) throw new RangeError('whole taka, zero or more');
  return `Taka ${words(taka, 'en')} Only`;
}
