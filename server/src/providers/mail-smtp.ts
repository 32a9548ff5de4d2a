import nodemailer from 'nodemailer';
import type { DeliveringMailer } from './mailer';

/**
 * Each send gives up well within a job's expiry (JOBS_EXPIRE_SECONDS, 5 minutes), so a mail server
 * that hangs fails the attempt, which is retried soon, instead of holding the job until it expires.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const;

/** Hands mail to the SMTP server of SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for TLS). */
export function createSmtpMailer(options: { url: string; from: string }): DeliveringMailer {
  const transport = nodemailer.createTransport({ url: options.url, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close: async () => {
      transport.close();
    },
  };
}

/** Production with Clerk and no SMTP server: receipts are skipped rather than failing anything. */
export function createDisabledMailer(): DeliveringMailer {
  return {
    kind: 'off',
    send: async () => {},
    close: async () => {},
  };
}
