import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config.js';
import { keepInMailbox } from './mailbox.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The notification's own Message-ID: a retry of the same notification sends the same one. */
  messageId: string;
  /** The notification it tells, kept with the message in the local mailbox. */
  notificationId?: string;
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
    // The measured limit of delivery is SMTP round trips, not CPU: 8 made 170 e-mails a second
    // to a loopback server, 16 about 300 (docs/decisions/020).
    maxConnections: 16,
    maxMessages: 500,
  };
}

/**
 * The mailbox outside production without SMTP_URL: each message as an .eml file in
 * DATA_DIR/mailbox, with the sidecar administrators read at /staff/mail (mailbox.ts).
 */
function mailboxSender(directory: string, from: string): MailSender {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send({ notificationId, ...mail }) {
      const info = await transport.sendMail({ ...mail, from });
      const { to, subject, text, html } = mail;
      await keepInMailbox(directory, info.message as Buffer, {
        to,
        subject,
        text,
        html,
        notificationId: notificationId ?? null,
      });
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
