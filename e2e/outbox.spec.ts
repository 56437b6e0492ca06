/**
 * The outbox on a phone: notices queued for an institute (written straight into the
 * server's database, as a payment decision's transaction writes them) are sent by the running server's
 * dispatcher into DATA_DIR/sms; the admin opens the outbox, sees the message sent, finds a failed one
 * in the failed list and sends it again. Screenshots in Bengali at 360 px and 1280 px go to
 * test-results/screenshots/.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { paymentApprovedText, paymentRefusedText } from '../src/server/modules/notices/notice-texts.js';
import { adminToken, apiToken, bn, enterWithToken, newInstitute, registerByApi } from './helpers.js';

const text = bn.outbox;
const dataDir = () => process.env.E2E_DATA_DIR as string;

test.use({ viewport: { width: 360, height: 640 } });

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/** Queues an SMS as a payment decision's transaction does; `failed` stands for a message whose attempts ran out. */
function queue(userId: number, phone: string, key: string, body: string, failed = false): number {
  const db = new SQLite(path.join(dataDir(), 'app.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const at = new Date().toISOString();
    const row = db
      .prepare(
        `insert into outbox (channel, recipient, subject, body, event_key, topic, user_id, state, attempts, next_attempt_at, last_error, created_at, updated_at)
         values ('sms', ?, null, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      )
      .get(phone, body, key, key, userId, failed ? 'failed' : 'pending', failed ? 8 : 0, at, failed ? 'SMS gateway answered 503: busy' : null, at, at) as {
      id: number;
    };
    return row.id;
  } finally {
    db.close();
  }
}

const smsFiles = async () => (await readdir(path.join(dataDir(), 'sms')).catch(() => [] as string[])).filter((name) => !name.startsWith('.'));

test('the admin reads the outbox on a phone, sees a sent SMS and sends a failed one again', async ({ page, request }) => {
  const institute = newInstitute();
  await registerByApi(request, institute);
  const me = await request.post('/api/auth/me', { headers: { Authorization: `Bearer ${await apiToken(request, institute.phone, institute.password)}` } });
  const userId = ((await me.json()) as { data: { user: { id: number } } }).data.user.id;

  const approved = paymentApprovedText({ instituteName: institute.name, amount: 600, transactionId: `E2E${userId}OK`, students: 3 }).sms;
  const sentId = queue(userId, institute.phone, `e2e:${userId}:approved`, approved);
  const refused = paymentRefusedText({ instituteName: institute.name, transactionId: `E2E${userId}NO`, reason: 'ট্রানজেকশন আইডি মেলেনি' }).sms;
  const failedId = queue(userId, institute.phone, `e2e:${userId}:refused`, refused, true);

  // The server's dispatcher finds the due message on its timer and writes it to DATA_DIR/sms.
  await expect.poll(async () => (await smsFiles()).some((name) => name.startsWith(String(sentId).padStart(10, '0'))), { timeout: 15_000 }).toBe(true);

  await enterWithToken(page, await adminToken(request));
  await page.goto('/outbox');
  await expect(page.getByRole('heading', { name: bn.resources.outbox.list })).toBeVisible();
  const sentRow = page.getByRole('row').filter({ hasText: approved });
  await expect(sentRow).toBeVisible();
  await expect(sentRow.getByTestId('notice-state')).toHaveText(text.states.sent);
  await expect(sentRow).toContainText(institute.phone);
  await shoot(page, 'phone-outbox-list');

  await page.goto('/outbox/filter/failed');
  await expect(page.getByRole('heading', { name: text.filterTitles.failed })).toBeVisible();
  const failedRow = page.getByRole('row').filter({ hasText: refused });
  await expect(failedRow.getByTestId('notice-state')).toHaveText(text.states.failed);
  await shoot(page, 'phone-outbox-failed');
  await failedRow.getByRole('button', { name: text.retry }).click();
  await expect(page.getByText(text.retried)).toBeVisible();
  await expect.poll(async () => (await smsFiles()).some((name) => name.startsWith(String(failedId).padStart(10, '0'))), { timeout: 15_000 }).toBe(true);

  await page.goto(`/outbox/${failedId}`);
  await expect(page.getByTestId('notice-state')).toHaveText(text.states.sent);
  await shoot(page, 'phone-outbox-details');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/outbox');
  await expect(page.getByRole('row').filter({ hasText: approved })).toBeVisible();
  await shoot(page, 'desktop-outbox-list');
});
