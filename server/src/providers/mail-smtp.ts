import nodemailer from 'nodemailer';
import type { DeliveringMailer } from './mailer';

/** Hands mail to the SMTP server of SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for TLS). */
export function createSmtpMailer(options: { url: string; from: string }): DeliveringMailer {
  const transport = nodemailer.createTransport(options.url);
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
