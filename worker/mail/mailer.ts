import type { Env } from '../env';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Local runs and tests only: mail is stored in the outbox table and printed to the worker's log. */
function outboxMailer(db: Db): Mailer {
  return {
    async send(mail) {
      await db.insert(outbox).values({ to_email: mail.to, subject: mail.subject, body: mail.body, created_at: Date.now() });
      console.log(`[outbox] to=${mail.to} subject=${JSON.stringify(mail.subject)}\n${mail.body}\n[/outbox]`);
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The HTML part of a mail: its text, escaped, one paragraph per line, with links made clickable. */
export function htmlOf(body: string): string {
  const paragraphs = body.split('\n').map((line) => escapeHtml(line).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`));
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`;
}

/**
 * Production: Cloudflare Email Sending through the `EMAIL` binding ([[send_email]] in wrangler.toml), from
 * MAIL_FROM (an address on the sender domain onboarded in the dashboard). A failed send is logged without the
 * address or the link and never fails the request that caused it (the person can ask again).
 */
function emailSendingMailer(binding: SendEmail, from: string): Mailer {
  return {
    async send(mail) {
      try {
        await binding.send({ from, to: mail.to, subject: mail.subject, text: mail.body, html: htmlOf(mail.body) });
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
export function mailerFor(env: Env, db: Db): Mailer {
  if (env.MAIL_OUTBOX === '1') return outboxMailer(db);
  if (env.EMAIL && env.MAIL_FROM) return emailSendingMailer(env.EMAIL, env.MAIL_FROM);
  return unconfiguredMailer;
}

/** A link into the app, always from the configured APP_ORIGIN (never the request's Host); null when unset. */
export function appLink(env: Env, pathAndQuery: string): string | null {
  const origin = env.APP_ORIGIN?.replace(/\/+$/, '');
  return origin ? `${origin}${pathAndQuery}` : null;
}
