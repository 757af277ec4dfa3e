// @ts-expect-error: plain ESM helper shared with the npm scripts and the bench
import { mailsInLog, pushesInLog, verificationLinkIn, waitForValue } from '../../scripts/local.mjs';
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const baseURL = () => inject('baseURL');

/** Debian's Chromium with the flags this closed network needs; never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/**
 * How far a page scrolls sideways: a phone screen must never need it (grids scroll inside themselves). Against
 * the screen's own width: a phone's browser widens its layout to a page that is wider, so `innerWidth` grows with it.
 */
export const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - Math.min(window.innerWidth, screen.width));

/** One Chromium for the test file: launched before its tests, closed after. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

export async function newContext(browser: Browser, options: { width?: number; height?: number; touch?: boolean; locale?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    // The browser's language (issue 17): English unless a test asks for another.
    locale: options.locale ?? 'en-US',
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    hasTouch: options.touch ?? false,
    isMobile: options.touch ?? false,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
  // A first run on a fresh 2-core machine is slow (cold workerd, cold D1, a cold browser): waits are on the
  // page's state, with room for that.
  context.setDefaultTimeout(30_000);
  return context;
}

let n = 0;
export function uniqueEmail(label = 'coach') {
  n++;
  return `${label}-${Date.now()}-${n}@example.com`;
}

type LoggedMail = { to: string; subject: string; body: string };

/** Every mail with this subject the worker printed to its log (the local outbox) for an address, oldest first. */
export function outboxMails(to: string, subject: string): string[] {
  return (mailsInLog(inject('workerLog')) as LoggedMail[]).filter((m) => m.to === to && m.subject === subject).map((m) => m.body);
}

/** The last mail the worker printed to its log (the local outbox) for an address, waiting for it. */
export function readOutbox(to: string, subject: string): Promise<string> {
  return waitForValue(() => outboxMails(to, subject).at(-1), `mail "${subject}" to ${to}`, 10_000, 100);
}

/** The pushes the worker's stand-in received for a subscription's endpoint (its log), oldest first, waiting for `count`. */
export function readPushes(endpoint: string, count = 1): Promise<{ salt: string; dh: string; body: string }[]> {
  const read = () => (pushesInLog(inject('workerLog')) as { endpoint: string; salt: string; dh: string; body: string }[]).filter((p) => p.endpoint === endpoint);
  return waitForValue(() => (read().length >= count ? read() : undefined), `${count} push(es) to ${endpoint}`, 15_000, 100);
}

/** In the open score picker: the left fencer's score, the right fencer's, then Save; waits for it to close. */
export async function pickScores(page: Page, left: number, right: number) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('group').nth(0).getByRole('button', { name: String(left), exact: true }).click();
  await dialog.getByRole('group').nth(1).getByRole('button', { name: String(right), exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** A cell of the pool grid: the bout of the row's fencer against the column's. */
export const cell = (page: Page, row: number, col: number) => page.getByTestId(`cell-${row}-${col}`);

/**
 * Enters a bout from the pool grid: the cell, the row fencer's score, the column fencer's score, Save. With
 * `saveWaits`, checks on the way that Save stays disabled while only the first score is picked (a bout not yet fenced).
 */
export async function enterBout(page: Page, row: number, col: number, left: number, right: number, { saveWaits = false } = {}) {
  await cell(page, row, col).click();
  if (!saveWaits) return pickScores(page, left, right);
  const dialog = page.getByRole('dialog');
  const groups = dialog.getByRole('group');
  await groups.nth(0).getByRole('button', { name: String(left), exact: true }).click();
  const save = dialog.getByRole('button', { name: 'Save' });
  expect(await save.isDisabled()).toBe(true);
  await groups.nth(1).getByRole('button', { name: String(right), exact: true }).click();
  await save.click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Clicks what downloads a file (a button, a menu item); answers the file's name and text. */
export async function download(page: Page, trigger: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
}

/** On the tableau: a match's score from its Enter Score button, then the toast that says it is saved. */
export async function enterScore(page: Page, matchId: string, left: number, right: number) {
  await page.getByTestId(`match-${matchId}`).getByRole('button', { name: 'Enter Score' }).click();
  await pickScores(page, left, right);
  await expectToast(page, 'Bracket updated');
}

/** On the relay sheet: a relay's touches for one side, from the touch picker. */
export async function pickTouch(page: Page, relay: number, side: 'a' | 'b', value: number) {
  await page.getByTestId(`touch-${relay}-${side}`).click();
  await page.getByRole('dialog').getByRole('button', { name: String(value), exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

/** Waits for a toast with this text to show. */
export async function expectToast(page: Page, text: string) {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor({ state: 'visible' });
}

let signups = 0;
/**
 * A network of its own for each sign-up (an address in 198.18.0.0/15, benchmarking space), as each coach has:
 * the sign-up limit counts per network, and the whole suite runs on one machine.
 */
export function signupAddress() {
  signups++;
  return `198.${18 + ((signups >> 8) & 1)}.${signups & 255}.${(process.pid & 127) + 1}`;
}

/** Fills the sign-up form and sends it from a network of its own; the form then says to check the mailbox. */
export async function submitSignUp(page: Page, user: { name: string; email: string; password: string }) {
  const address = signupAddress();
  await page.route('**/api/auth/signup', (route) => route.continue({ headers: { ...route.request().headers(), 'cf-connecting-ip': address } }));
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  await page.unroute('**/api/auth/signup');
}

/** The verification link of the latest such mail to an address (the worker's log: the local outbox). */
export async function verificationLink(email: string): Promise<string> {
  const link = verificationLinkIn(await readOutbox(email, 'Verify your Piste account')) as string | undefined;
  if (!link) throw new Error(`the verification mail to ${email} carries no link`);
  return link;
}

/** Opens a verification link and confirms it with the sign-up's password: signed in, on /practices. */
export async function confirmAccount(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByTestId('confirm-account').getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await page.waitForURL('**/practices');
}

/** Signs up through the form, then opens the link mailed to the address with the password: signed in, on /practices. */
export async function signUp(page: Page, user: { name: string; email: string; password: string }) {
  await submitSignUp(page, user);
  await confirmAccount(page, await verificationLink(user.email), user.password);
  await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(user.email);
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/practices');
}
