import { describe, expect, it } from 'vitest';
import { resources } from '../resources.js';
import { HEADERS, headerOf, labelledBatches, valueLabels } from '../../lib/column-labels.js';

describe('the words of an export', () => {
  it('has a header in both languages for every column any resource exports', () => {
    for (const resource of resources) {
      for (const column of resource.exportColumns ?? []) {
        expect(Object.hasOwn(HEADERS, column), `${resource.name}: ${column}`).toBe(true);
        expect(headerOf(column, 'bn'), column).toMatch(/[\u0980-\u09ff]/);
      }
    }
    expect(headerOf('contact_number', 'en')).toBe("Guardian's mobile");
  });

  it('reads codes as their labels and leaves free values and unknown codes alone', async () => {
    expect(valueLabels('class', 'bn')?.get('07')).toBe('সপ্তম শ্রেণি');
    expect(valueLabels('status', 'en')?.get('0')).toBe('Deactivated');
    expect(valueLabels('full_name', 'bn')).toBeUndefined();
    const rows = [
      ['04', 'f', 1, 'KARIM', 'bank'],
      ['07', 'm', 0, null, 'cheque'],
    ];
    const columns = ['class', 'gender', 'status', 'full_name', 'payment_method'];
    const out: unknown[][] = [];
    for await (const batch of labelledBatches(columns, 'bn', [rows])) out.push(...batch);
    expect(out).toEqual([
      ['চতুর্থ শ্রেণি', 'মেয়ে', 'সক্রিয়', 'KARIM', 'ব্যাংক'],
      ['সপ্তম শ্রেণি', 'ছেলে', 'নিষ্ক্রিয়', null, 'cheque'],
    ]);
  });

  it('hands batches without codes on untouched', () => {
    const batches = [[[1, 'title']]];
    expect(labelledBatches(['id', 'title'], 'bn', batches)).toBe(batches);
  });
});
