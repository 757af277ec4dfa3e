import type { Env } from '../env';
import type { D1Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Local runs and tests only: mail is stored in the outbox table and printed to the worker's log. */
function outboxMailer(db: D1Db): Mailer {
  return {
    async send(mail) {
      await db.insert(mailOutbox).values({ to_email: mail.to, subject: mail.subject, body: mail.body, created_at: Date.now() });
      console.log(`[outbox] to=${mail.to} subject=${JSON.stringify(mail.subject)}\n${mail.body}\n[/outbox]`);
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The HTML part of a mail: its text, escaped, one paragraph per line. Only links into the app (URLs that start
 * with `origin`, the configured APP_ORIGIN) become clickable; any other URL stays plain text.
 */
export function htmlOf(body: string, origin: string | null): string {
  const base = origin ? `${origin.replace(/\/+$/, '')}/` : null;
  const word = (text: string) => (base && text.startsWith(base) ? `<a href="${escapeHtml(text)}">${escapeHtml(text)}</a>` : escapeHtml(text));
  const paragraphs = body.split('\n').map((line) => line.split(/(\s+)/).map(word).join(''));
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`;
}

/**
 * Production: Cloudflare Email Sending through the `EMAIL` binding ([[send_email]] in wrangler.toml), from
 * MAIL_FROM (an address on the sender domain onboarded in the dashboard). A failed send is logged without the
 * address or the link and never fails the request that caused it (the person can ask again).
 */
function emailSendingMailer(binding: SendEmail, from: string, origin: string | null): Mailer {
  return {
    async send(mail) {
      try {
        await binding.send({ from, to: mail.to, subject: mail.subject, text: mail.body, html: htmlOf(mail.body, origin) });
      } catch (e) {
        console.error(`mail not sent (Email Sending refused it): ${JSON.stringify(mail.subject)} ${e instanceof Error ? e.name : 'error'}`);
      }
    },
  };
}

/** Without a configured mailer nothing is sent, and neither the link nor the address is logged. */
const unconfiguredMailer: Mailer = {
  async send(mail) {
    console.error(`mail not sent (no mailer configured): ${JSON.stringify(mail.subject)}`);
  },
};

/**
 * The mailer configuration chooses: the outbox only where MAIL_OUTBOX=1 (set by the local scripts and the
 * tests, never by wrangler.toml), so production never stores or logs a raw link; otherwise Email Sending when
 * the EMAIL binding and MAIL_FROM are there; otherwise nothing is sent.
 */
export function mailerFor(env: Env, db: D1Db): Mailer {
  if (env.MAIL_OUTBOX === '1') return outboxMailer(db);
  if (env.EMAIL && env.MAIL_FROM) return emailSendingMailer(env.EMAIL, env.MAIL_FROM, env.APP_ORIGIN ?? null);
  return unconfiguredMailer;
}

/** A link into the app, always from the configured APP_ORIGIN (never the request's Host); null when unset. */
export function appLink(env: Env, pathAndQuery: string): string | null {
  const origin = env.APP_ORIGIN?.replace(/\/+$/, '');
  return origin ? `${origin}${pathAndQuery}` : null;
}

/** What Piste mails: a verification link, a reset link, or word that someone tried to sign up with a known address. */
export type MailKind = 'verify' | 'reset' | 'signup-attempt';

/**
 * Piste's mails: fixed text around links into the app. Nothing a person typed goes in (no name, no note):
 * the only thing anyone chose is the address a mail goes to, so nobody can send their own words from Piste.
 */
const TEMPLATES: Record<MailKind, (link: (path: string) => string, token: string) => Omit<Mail, 'to'>> = {
  verify: (link, token) => ({
    subject: 'Verify your Piste account',
    body:
      `Welcome to Piste.\nConfirm your email address: open this link and enter the password you chose when you signed up (the link works once, within 7 days): ${link(`/auth?verify_token=${token}`)}\n` +
      'If you did not sign up for Piste, ignore this mail: no account opens without this link and that password.',
  }),
  reset: (link, token) => ({
    subject: 'Reset your Piste password',
    body: `Someone asked to reset the password of your Piste account.\nChoose a new password (the link works once, within an hour): ${link(`/auth?reset_token=${token}`)}`,
  }),
  'signup-attempt': (link) => ({
    subject: 'Someone tried to sign up with your address',
    body:
      'Someone tried to create a Piste account with this email address, which already has one. Nothing has changed.\n' +
      `If it was you, sign in: ${link('/auth')}\n` +
      `Forgot your password? Choose a new one: ${link('/auth?mode=reset')}`,
  }),
};

/** Sends one of Piste's mails to `to` (`token` completes the link of a verify or reset mail); links come only from APP_ORIGIN. */
export async function sendAppMail(env: Env, db: D1Db, to: string, kind: MailKind, token = '') {
  if (!appLink(env, '/')) return console.error(`APP_ORIGIN is not set: no ${kind} mail sent`);
  await mailerFor(env, db).send({ to, ...TEMPLATES[kind]((path) => appLink(env, path)!, token) });
}
