import { describe, expect, it } from 'vitest';
import { seed, viaBrowser } from '../helpers/seed';
import { expectToast, useBrowser, newContext, outboxMails, readOutbox, signIn, signUp, submitSignUp, uniqueEmail, verificationLink } from '../helpers/browser';

const browser = useBrowser();

describe('a coach’s account, in a real browser', () => {
  it('signs up, is told to check the mailbox, and the mailed link confirms the address and signs in', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const user = { name: 'Ann Coach', email: uniqueEmail(), password: 'first password' };
    const verifyMails = () => outboxMails(user.email, 'Verify your Piste account').length;

    await submitSignUp(page, user);
    await expectToast(page, 'Account created successfully! Please check your email to verify your account.');
    await page.getByTestId('check-email').getByRole('status').filter({ hasText: 'Account created successfully! Please check your email to verify your account.' }).waitFor();
    await page.getByText(`We sent a mail to ${user.email}.`).waitFor();
    const first = await verificationLink(user.email);

    // Sending again mails a fresh link; each link opens with the password of its own sign-up.
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await expectToast(page, 'Asked again: the mail should arrive within minutes.');
    await expect.poll(verifyMails).toBe(2);
    const second = await verificationLink(user.email);

    // Before the link, the right password says the address waits for confirmation (and mails a fresh link).
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Your email address is not confirmed yet. We sent you a new link: open it to finish signing up.');
    await expect.poll(verifyMails).toBe(3);
    // A wrong password still answers as for any address.
    await page.getByLabel('Password').fill('not my password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Invalid login credentials');

    // The link says whose account it confirms, and opens only with that sign-up's password.
    await page.goto(first);
    const form = page.getByTestId('confirm-account');
    await form.getByText(`This link confirms the Piste account of ${user.name} (${user.email}).`).waitFor();
    await form.getByLabel('Password').fill('not my password');
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expectToast(page, 'This is not the password chosen when this link was sent. Enter the password you signed up with.');
    await form.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await page.waitForURL('**/practices');
    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(user.email);
    await page.getByRole('heading', { name: 'Practices', exact: true }).waitFor();

    // Confirmed: every other link of the sign-up is used up.
    const other = await newContext(browser());
    const otherPage = await other.newPage();
    await otherPage.goto(second);
    await otherPage.waitForURL('**/auth?verified=0');
    await otherPage.getByText('This link was already used or has expired.', { exact: false }).waitFor();
    await other.close();
    await context.close();
  });

  it('signs out, signs in again, resets the password through the outbox link', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const user = { name: 'Ann Coach', email: uniqueEmail(), password: 'first password' };

    await signUp(page, user);
    await page.getByRole('heading', { name: 'Practices', exact: true }).waitFor();

    // A signed-in visitor of /auth goes to /practices.
    await page.goto('/auth');
    await page.waitForURL('**/practices');

    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth');
    await expectToast(page, 'Signed out successfully!');

    // Wrong password: the server's message as an error toast, still on /auth.
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('not my password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Invalid login credentials');
    expect(new URL(page.url()).pathname).toBe('/auth');

    await signIn(page, user.email, user.password);

    // Forgotten password: the reset link arrives in the outbox, opens the new-password form.
    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, 'Password reset email sent! Check your inbox.');
    // After the mail is sent the mode returns to signin.
    await page.getByRole('button', { name: 'Sign In' }).waitFor();

    const mail = await readOutbox(user.email, 'Reset your Piste password');
    const link = /(http\S+reset_token=[\w-]+)/.exec(mail)![1]!;
    await page.goto(link);
    await page.getByLabel('New password').fill('second password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Password updated');

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Invalid login credentials');
    await signIn(page, user.email, 'second password');
    await context.close();
  });

  it('sends a signed-out visitor of /practices to /auth, asking for no refresh it has no cookie for', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const refreshes: string[] = [];
    page.on('request', (r) => void (new URL(r.url()).pathname === '/api/auth/refresh' && refreshes.push(r.url())));
    await page.goto('/practices');
    await page.waitForURL('**/auth');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.goto('/athletes');
    await page.waitForURL('**/auth');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(refreshes).toEqual([]);
    await context.close();
  });

  it('shows the 404 page for an unknown path, with a way home', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Oops! Page not found.' }).waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL('**/auth');
    await context.close();
  });

  it('changes the password from the account menu, and the other browser is signed out', async () => {
    const user = { name: 'Pat Coach', email: uniqueEmail(), password: 'first password' };
    const laptop = await newContext(browser());
    const page = await laptop.newPage();
    await signUp(page, user);
    await seed(viaBrowser(page.request)).practiceWithPool('Tuesday night', ['Ann Lee', 'Bob Roy', 'Cleo Fox']);
    // The other browser has the practice open: its screen is live, on the practice's socket.
    const phone = await newContext(browser());
    const phonePage = await phone.newPage();
    await signIn(phonePage, user.email, user.password);
    await phonePage.goto('/individual-practice');
    await phonePage.getByText('Cleo Fox').first().waitFor();

    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill('not my password');
    await dialog.getByLabel('New password').fill('second password');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Your current password is not right.');
    await dialog.getByLabel('Current password').fill(user.password);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Password changed. Your other devices were signed out.');

    // The other browser is signed out by itself (its socket is told), back on the sign-in page; this one stays.
    await phonePage.waitForURL('**/auth');
    await page.reload();
    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(user.email);
    await phonePage.getByRole('button', { name: 'Sign In' }).waitFor();
    await signIn(phonePage, user.email, 'second password');
    await laptop.close();
    await phone.close();
  });

  it('keeps the session across a reload', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const user = { name: 'Reload Coach', email: uniqueEmail(), password: 'reload password' };
    await signUp(page, user);
    await page.reload();
    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(user.email);
    expect(new URL(page.url()).pathname).toBe('/practices');
    // After the access token's 15 minutes (its cookie gone), the refresh cookie still signs the coach in.
    await context.clearCookies({ name: 'piste_access' });
    await page.reload();
    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(user.email);
    expect((await context.cookies()).map((c) => c.name)).toContain('piste_access');
    await context.close();
  });
});
