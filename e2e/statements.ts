/**
 * Statement reconciliation from the admin's screen, for any journey that needs payments approved the
 * way an admin does it: a bKash merchant statement (CSV) of the given lines is uploaded from the
 * payments list, its columns chosen if the server has not seen its header row yet, and the matched
 * payments approved. The page must be logged in as an admin.
 */
import { expect, type Page } from '@playwright/test';
import { bengaliDigits, bn } from './helpers.js';

export type StatementEntry = { transactionId: string; amount: number; date?: string };

const HEADERS = ['Date', 'TrxID', 'Transaction Type', 'Sender', 'Amount', 'Balance'];

/** The CSV a bKash merchant account downloads: one line per payment received, then a totals row. */
export function bkashStatement(entries: readonly StatementEntry[]): Buffer {
  let balance = 0;
  const lines = entries.map((entry, i) => {
    balance += entry.amount;
    return [
      `${entry.date ?? '2026-11-20'} 10:${String(i % 60).padStart(2, '0')}:00`,
      entry.transactionId,
      'Payment',
      '01711000000',
      entry.amount.toFixed(2),
      balance.toFixed(2),
    ];
  });
  return Buffer.from([HEADERS, ...lines, ['', 'Total', '', '', '', balance.toFixed(2)]].map((row) => row.join(',')).join('\r\n'), 'utf8');
}

/** Uploads the statement from the payments list and waits for its lists; answers the statement's address. */
export async function uploadStatement(page: Page, entries: readonly StatementEntry[], shoot?: (name: string) => Promise<void>): Promise<string> {
  await page.goto('/scholarship-payments');
  await page.getByTestId('reconcile-button').click();
  await expect(page.getByRole('heading', { name: bn.reconcile.title })).toBeVisible();
  await shoot?.('reconcile-empty');
  await page.getByTestId('statement-file').setInputFiles({ name: 'bkash-statement.csv', mimeType: 'text/csv', buffer: bkashStatement(entries) });
  const columns = page.getByTestId('statement-columns');
  const statement = page.getByTestId('statement');
  await expect(columns.or(statement)).toBeVisible();
  if (await columns.isVisible()) {
    // The headers suggest the columns; the admin names this kind of statement once.
    await expect(page.getByTestId('statement-transaction-column')).toHaveValue('TrxID');
    await expect(page.getByTestId('statement-amount-column')).toHaveValue('Amount');
    await page.getByTestId('statement-format-name').fill('বিকাশ মার্চেন্ট');
    await shoot?.('reconcile-columns');
    await page.getByTestId('statement-columns-submit').click();
  }
  await expect(statement).toBeVisible();
  return page.url();
}

/** Approves every matched payment of the open statement and waits for the job's result. */
export async function approveMatched(page: Page, expected: number): Promise<void> {
  await expect(page.getByTestId('statement-count-matched')).toContainText(bengaliDigits(expected));
  await page.getByTestId('statement-approve').click();
  // Approving dozens of payments at once asks first.
  await expect(page.getByRole('dialog', { name: bn.reconcile.approve.confirmTitle })).toBeVisible();
  await page.getByTestId('confirm-statement-approve').click();
  await expect(page.getByTestId('statement-approval-done')).toContainText(bn.reconcile.approve.done.replace('{{approved}}', bengaliDigits(expected)));
  await expect(page.getByTestId('statement-count-matched')).toContainText(bengaliDigits(0));
}
