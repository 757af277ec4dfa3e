import { describe, expect, it } from 'vitest';
import { expectToast, newContext, signUp, uniqueEmail, useBrowser } from '../helpers/browser';

const browser = useBrowser();

describe('security a coach can rely on', () => {
  it('two tabs of one coach refreshing at the same moment both stay signed in', async () => {
    const context = await newContext(browser());
    const first = await context.newPage();
    const email = uniqueEmail('tabs');
    await signUp(first, { name: 'Two Tabs', email, password: 'two tabs password' });
    const second = await context.newPage();
    await second.goto('/practices');
    await expect.poll(() => second.getByTestId('user-email').textContent()).toBe(email);

    // Both tabs present the same refresh cookie at once, as two tabs waking from sleep do.
    const refresh = () => fetch('/api/auth/refresh', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.status);
    const statuses = await Promise.all([first.evaluate(refresh), second.evaluate(refresh)]);
    expect(statuses).toEqual([200, 200]);

    for (const page of [first, second]) {
      await page.reload();
      await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(email);
    }
    // And the app's own refresh keeps working afterwards.
    expect(await first.evaluate(refresh)).toBe(200);
    await context.close();
  });

  it('the pages run under the CSP without a violation, and cannot be framed', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/.test(m.text())) violations.push(m.text());
    });
    await signUp(page, { name: 'Csp Coach', email: uniqueEmail('csp'), password: 'csp coach password' });
    await page.getByRole('button', { name: /^(New Practice|Create First Practice)$/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Practice' });
    await dialog.getByRole('button', { name: /^Individual/ }).click();
    await dialog.getByLabel('Practice name').fill('Headers');
    await dialog.getByRole('button', { name: 'Create Practice' }).click();
    await expectToast(page, 'Practice created successfully');
    await page.waitForURL('**/individual-practice');
    await expect.poll(() => page.getByTestId('live-status').textContent()).toBe('live');
    // A dialog (whose library injects a style) opens and closes without a violation either.
    await page.getByRole('switch', { name: 'Guest access' }).click();
    await page.getByTestId('room-summary').click();
    await page.getByRole('dialog', { name: 'In the room' }).getByText('No guests right now.').waitFor();
    await page.keyboard.press('Escape');
    expect(violations).toEqual([]);

    const response = await page.request.get('/practices');
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers()['x-frame-options']).toBe('DENY');
    await context.close();
  });
});
