/**
 * A school confirms its mobile number from the profile on a phone (360 px, docs/operators/security.md): the number
 * shows "not confirmed", a code is sent (the server's dispatcher writes the SMS to DATA_DIR/sms), a wrong
 * code is refused under the field, the right one turns the badge to "confirmed".
 * Screenshots in Bengali at 360 px and 1280 px go to test-results/screenshots/.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { bn, login, messages, newInstitute, registerByApi } from './helpers.js';

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
}

/** The code in the SMS the dispatcher wrote for `phone`. */
async function codeSentTo(phone: string): Promise<string> {
  const folder = path.join(process.env.E2E_DATA_DIR as string, 'sms');
  let code = '';
  await expect
    .poll(
      async () => {
        const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith(`-${phone}.txt`));
        const text = names.length > 0 ? await readFile(path.join(folder, names.sort().at(-1)!), 'utf8') : '';
        code = /\b\d{6}\b/.exec(text.split('\n\n').slice(1).join('\n'))?.[0] ?? '';
        return code;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return code;
}

test('a school confirms its mobile number with the code sent by SMS, at 360 px', async ({ page, request }) => {
  const school = newInstitute();
  await registerByApi(request, school);
  await page.setViewportSize({ width: 360, height: 800 });
  await login(page, school.email, school.password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto('/profile');

  const box = page.getByTestId('phone-confirmation');
  await expect(box.getByTestId('phone-status')).toHaveText(bn.profile.phone.notConfirmed);
  await box.getByRole('button', { name: bn.profile.phone.send }).click();
  await expect(page.getByText(messages.bn.phone_code_sent)).toBeVisible();
  const code = await codeSentTo(school.phone);

  const input = box.getByRole('textbox');
  await input.fill(code === '000000' ? '111111' : '000000');
  await box.getByRole('button', { name: bn.profile.phone.confirm }).click();
  await expect(box.getByText(messages.bn.phone_code_wrong)).toBeVisible();
  await shoot(page, 'phone-confirmation-code');

  await page.setViewportSize({ width: 360, height: 800 });
  await input.fill(code);
  await box.getByRole('button', { name: bn.profile.phone.confirm }).click();
  await expect(box.getByTestId('phone-status')).toHaveText(bn.profile.phone.confirmed);
  await expect(box.getByRole('button', { name: bn.profile.phone.send })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('phone-status')).toHaveText(bn.profile.phone.confirmed);
  await shoot(page, 'phone-confirmation-done');
});
