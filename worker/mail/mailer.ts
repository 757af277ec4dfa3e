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

/** Without a configured mailer nothing is sent, and neither the link nor the address is logged. */
const unconfiguredMailer: Mailer = {
  async send(mail) {
    console.error(`mail not sent (no mailer configured): ${JSON.stringify(mail.subject)}`);
  },
};

/**
 * The mailer configuration chooses: the outbox only where MAIL_OUTBOX=1 (set by the local scripts and the
 * tests, never by wrangler.toml), so production never stores or logs a raw link.
 */
export function mailerFor(env: Env, db: Db): Mailer {
  return env.MAIL_OUTBOX === '1' ? outboxMailer(db) : unconfiguredMailer;
}

/** A link into the app, always from the configured APP_ORIGIN (never the request's Host); null when unset. */
export function appLink(env: Env, pathAndQuery: string): string | null {
  const origin = env.APP_ORIGIN?.replace(/\/+$/, '');
  return origin ? `${origin}${pathAndQuery}` : null;
}
