/**
 * Results to guardians by SMS (docs/integrators/notices.md), at the admin's 1280 px: the admin turns the
 * season's setting on in the settings screen; a send of 600 SMS (written straight into the server's
 * database, as a publication's job queues them) is sent by the running server's dispatcher at its SMS
 * rate, and the outbox's bulk screen shows queued, sent, failed and left and the time left, refreshing
 * as the count of sent grows. Screenshots at 1280 px and 360 px go to test-results/screenshots/.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, bn, enterWithToken, messages } from './helpers.js';

const text = bn.outbox.sends;
const SENT = 600;
const dataDir = () => process.env.E2E_DATA_DIR as string;
const toast = (page: Page, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: message });

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/** A finished queueing of `count` guardians' SMS for a version no publication uses, all due now. */
function queueSend(version: number, count: number): number {
  const db = new SQLite(path.join(dataDir(), 'app.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const at = new Date().toISOString();
    const topic = `guardian-results:${version}`;
    return db.transaction(() => {
      const insert = db.prepare(
        `insert into outbox (channel, recipient, subject, body, event_key, topic, user_id, next_attempt_at, created_at, updated_at)
         values ('sms', ?, null, ?, ?, ?, null, ?, ?, ?)`,
      );
      for (let i = 0; i < count; i++) {
        const roll = `04${String(version).padStart(4, '0')}${String(i).padStart(4, '0')}`;
        insert.run(`0171${String(i).padStart(7, '0')}`, `বৃত্তি পরীক্ষার ফল: শিক্ষার্থী ${i}, রোল ${roll}: উত্তীর্ণ।`, `${topic}:${roll}`, topic, at, at, at);
      }
      const send = db
        .prepare(
          `insert into notice_sends (topic, kind, version, state, total, done, queued, after_roll, user_id, created_at, updated_at)
           values (?, 'guardian-results', ?, 'queued', ?, ?, ?, 'z', 1, ?, ?) returning id`,
        )
        .get(topic, version, count, count, count, at, at) as { id: number };
      return send.id;
    })();
  } finally {
    db.close();
  }
}

test('the admin turns results to guardians on and follows a bulk send on the outbox screen', async ({ page, request }) => {
  // Two screens and a send that lasts twenty seconds at the default rate.
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const groups = (await (await request.get('/api/v1/settings/fields', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    data: { id: number; sub_group: { id: number; title: string }[] }[];
  };
  const group = groups.data.find((g) => g.sub_group.some((s) => s.title === 'ফল প্রকাশের বার্তা'))!;
  const sub = group.sub_group.find((s) => s.title === 'ফল প্রকাশের বার্তা')!;

  await enterWithToken(page, token);
  await page.goto(`/settings/update/${group.id}/${sub.id}`);
  const setting = page.getByRole('switch', { name: /অভিভাবকের মোবাইলে এসএমএস/ });
  // A shared, busy machine loads the settings screen's chunk slowly.
  await expect(setting).not.toBeChecked({ timeout: 45_000 });
  await setting.check({ force: true });
  await expect(setting).toBeChecked();
  await page.getByRole('button', { name: bn.settings.save }).click();
  await expect(toast(page, messages.bn.updated).first()).toBeVisible();
  await shoot(page, 'desktop-settings-guardian-sms');
  await page.reload();
  await expect(page.getByRole('switch', { name: /অভিভাবকের মোবাইলে এসএমএস/ })).toBeChecked();

  const id = queueSend(9000 + (Date.now() % 900), SENT);
  await page.goto('/outbox');
  await page.getByRole('link', { name: text.menu }).first().click();
  await expect(page.getByRole('heading', { name: text.title, level: 2 })).toBeVisible({ timeout: 45_000 });
  const card = page.getByTestId(`send-${id}`);
  await expect(card).toContainText(text.kinds['guardian-results'], { timeout: 30_000 });
  await expect(card.getByTestId(`send-${id}-count-queued`)).toContainText('৬০০');
  // The dispatcher sends at its rate; the screen reads the counts again while some are left.
  const sentCount = card.getByTestId(`send-${id}-count-sent`);
  await expect(card.getByTestId(`send-${id}-eta`)).toContainText('সেকেন্ডে');
  const first = await sentCount.innerText();
  await expect.poll(async () => (await sentCount.innerText()) !== first, { timeout: 30_000 }).toBe(true);
  await shoot(page, 'desktop-outbox-bulk-sms');

  await page.setViewportSize({ width: 360, height: 640 });
  await expect(card).toBeVisible();
  await shoot(page, 'phone-outbox-bulk-sms');
});
