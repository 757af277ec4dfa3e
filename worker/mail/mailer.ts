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

/** The local default: mail is stored in the outbox table and printed to the worker's log. */
export function outboxMailer(db: Db): Mailer {
  return {
    async send(mail) {
      await db.insert(outbox).values({ to_email: mail.to, subject: mail.subject, body: mail.body, created_at: Date.now() });
      console.log(`[outbox] to=${mail.to} subject=${JSON.stringify(mail.subject)}\n${mail.body}\n[/outbox]`);
    },
  };
}
