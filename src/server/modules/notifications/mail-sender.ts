import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The notification's own Message-ID: a retry of the same notification sends the same one. */
  messageId: string;
  headers?: Record<string, string>;
}

/** Sends one e-mail, or throws; `close` ends its pooled connections. */
export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP_URL as nodemailer's options, with a pool of connections reused from one e-mail to the next. */
function smtpOptions(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: parsed.username
      ? {
          user: decodeURIComponent(parsed.username),
          pass: decodeURIComponent(parsed.password),
        }
      : undefined,
    pool: true,
    maxConnections: 8,
    maxMessages: 500,
  };
}

/**
 * The mailbox outside production without SMTP_URL: each message as an .eml file in
 * DATA_DIR/mailbox, newest last by name, which administrators read at /staff/mail.
 */
function mailboxSender(directory: string, from: string): MailSender {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await transport.sendMail({ ...mail, from });
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^a-z0-9-]/gi, '')}.eml`;
      // Written whole, then renamed: a reader of the folder never sees half a message.
      const draft = join(directory, `.${name}.draft`);
      await writeFile(draft, info.message as Buffer, { mode: 0o600 });
      await rename(draft, join(directory, name));
    },
    close: () => undefined,
  };
}

/** An SMTP server's sender, from SMTP_URL, over a pool of connections. */
export function smtpSender(url: string, from: string): MailSender {
  const transport = nodemailer.createTransport(smtpOptions(url));
  return {
    async send(mail) {
      await transport.sendMail({ ...mail, from });
    },
    close: () => {
      transport.close();
    },
  };
}

/** Where e-mail goes by the settings (config.ts, `mail`); null when e-mail is off. */
export function mailSender(config: MailConfig): MailSender | null {
  switch (config.kind) {
    case 'off':
      return null;
    case 'mailbox':
      return mailboxSender(config.directory, config.from);
    case 'smtp':
      return smtpSender(config.url, config.from);
  }
}
