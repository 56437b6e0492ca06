import { describe, expect, it } from 'vitest';
import { takaInBengaliWords, takaInEnglishWords } from './taka-words.js';

describe('taka in words', () => {
  it('writes Bengali in কোটি, লক্ষ, হাজার and শত, each number under a hundred its own word', () => {
    expect(takaInBengaliWords(0)).toBe('শূন্য টাকা মাত্র');
    expect(takaInBengaliWords(29)).toBe('ঊনত্রিশ টাকা মাত্র');
    expect(takaInBengaliWords(99)).toBe('নিরানব্বই টাকা মাত্র');
    expect(takaInBengaliWords(100)).toBe('একশত টাকা মাত্র');
    expect(takaInBengaliWords(1500)).toBe('এক হাজার পাঁচশত টাকা মাত্র');
    expect(takaInBengaliWords(5000)).toBe('পাঁচ হাজার টাকা মাত্র');
    expect(takaInBengaliWords(12_345)).toBe('বারো হাজার তিনশত পঁয়তাল্লিশ টাকা মাত্র');
    expect(takaInBengaliWords(125_500)).toBe('এক লক্ষ পঁচিশ হাজার পাঁচশত টাকা মাত্র');
    expect(takaInBengaliWords(10_000_000)).toBe('এক কোটি টাকা মাত্র');
    expect(takaInBengaliWords(1_000_000_001)).toBe('একশত কোটি এক টাকা মাত্র');
  });

  it('writes English as Bangladesh does, in crore, lakh, thousand and hundred', () => {
    expect(takaInEnglishWords(0)).toBe('Taka Zero Only');
    expect(takaInEnglishWords(45)).toBe('Taka Forty-Five Only');
    expect(takaInEnglishWords(1500)).toBe('Taka One Thousand Five Hundred Only');
    expect(takaInEnglishWords(125_500)).toBe('Taka One Lakh Twenty-Five Thousand Five Hundred Only');
    expect(takaInEnglishWords(20_000_017)).toBe('Taka Two Crore Seventeen Only');
  });

  it('refuses what is not whole taka', () => {
    expect(() => takaInBengaliWords(-1)).toThrow(RangeError);
    expect(() => takaInEnglishWords(1.5)).toThrow(RangeError);
  });
});
