import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** A plain-text message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Where e-mail goes: an SMTP server, or `.eml` files in a directory. */
export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  /** Directory of `.eml` files when no SMTP URL is set. */
  mailDir: string;
}

/**
 * E-mail through nodemailer: SMTP when `IDV_SMTP_URL` is set, otherwise each message is rendered
 * (RFC 5322, exactly what SMTP would carry) into `<data-dir>/mail/*.eml`, real and inspectable.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl !== undefined) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.mailDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      await writeFile(join(options.mailDir, name), info.message as Buffer, { mode: 0o600 });
    },
  };
}
