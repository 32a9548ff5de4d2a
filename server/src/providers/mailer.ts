/** One e-mail, already written: both parts of it, for one recipient. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe on mails one may stop); nodemailer sends them as given. */
  headers?: Record<string, string>;
}

/** A mail as the development outbox keeps it. */
export interface StoredMail extends OutgoingMail {
  /** ISO 8601. */
  sentAt: string;
}

interface MailerBase {
  /** Rejects when the mail could not be handed over; callers decide whether that matters. */
  send(mail: OutgoingMail): Promise<void>;
  /** Releases connections; pending sends finish first. */
  close(): Promise<void>;
}

/** SMTP, or nothing at all (production with Clerk and no SMTP_URL). */
export interface DeliveringMailer extends MailerBase {
  readonly kind: 'smtp' | 'off';
}

export interface OutboxMailer extends MailerBase {
  readonly kind: 'outbox';
  /** Every kept mail, newest first. */
  list(): Promise<StoredMail[]>;
}

/**
 * Chosen once in deps.ts from the mail config: SMTP when SMTP_URL is set; else, outside production,
 * an outbox file in DATA_DIR; else (production with Clerk) nothing is sent.
 */
export type Mailer = DeliveringMailer | OutboxMailer;
