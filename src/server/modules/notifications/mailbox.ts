import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  STAFF_MAIL_LIST_LIMIT,
  type TMailboxMessage,
  type TMailboxMessageSummary,
  ZMailboxIdSchema,
} from '../../../shared/staff-mail.js';

/**
 * The local mailbox (DATA_DIR/mailbox) outside production without SMTP_URL. Each message is two
 * files named by its id: the .eml a mail client opens, and a .json sidecar the console reads, so
 * the server needs no mail parser (mailparser stays a test dependency) to list and show them.
 */

const ZSidecarSchema = z.object({
  to: z.string(),
  subject: z.string(),
  sentAt: z.string(),
  text: z.string(),
  html: z.string(),
  notificationId: z.string().nullable(),
});
type Sidecar = z.infer<typeof ZSidecarSchema>;

const SIDECAR = '.json';

/** Written whole, then renamed: a reader of the folder never sees half a file. */
async function writeWhole(directory: string, name: string, data: string | Buffer) {
  const draft = join(directory, `.${name}.draft`);
  await writeFile(draft, data, { mode: 0o600 });
  await rename(draft, join(directory, name));
}

/** Orders the messages this process keeps within one millisecond, where the time cannot. */
let sequence = 0;

/**
 * Keeps one message: its .eml first, then its sidecar, so a message the console lists always has
 * its .eml. The id starts with the time (ISO, with hyphens) and a sequence: by name is oldest first.
 */
export async function keepInMailbox(
  directory: string,
  raw: Buffer,
  message: Omit<Sidecar, 'sentAt'>,
): Promise<string> {
  const sentAt = new Date().toISOString();
  sequence = (sequence + 1) % 1_000_000;
  const id = ZMailboxIdSchema.parse(
    [
      sentAt.replace(/[:.]/g, '-'),
      String(sequence).padStart(6, '0'),
      message.notificationId ?? randomUUID(),
    ].join('-'),
  );
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await writeWhole(directory, `${id}.eml`, raw);
  const sidecar: Sidecar = { ...message, sentAt };
  await writeWhole(directory, `${id}${SIDECAR}`, JSON.stringify(sidecar));
  return id;
}

/** One message's sidecar; null for an id that is no message here (or not a safe file name). */
export async function readMailboxMessage(
  directory: string,
  id: string,
): Promise<TMailboxMessage | null> {
  // The route validated it already; checked again here, where the file name is made.
  if (!ZMailboxIdSchema.safeParse(id).success) return null;
  let content: string;
  try {
    content = await readFile(join(directory, `${id}${SIDECAR}`), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const { to, subject, sentAt, text, html } = ZSidecarSchema.parse(JSON.parse(content));
  return { id, to, subject, sentAt, text, html };
}

/** The newest messages, newest first; none while nothing was ever sent here. */
export async function listMailbox(directory: string): Promise<TMailboxMessageSummary[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const ids = names
    .filter((name) => name.endsWith(SIDECAR))
    .map((name) => name.slice(0, -SIDECAR.length))
    .filter((id) => ZMailboxIdSchema.safeParse(id).success)
    .sort()
    .reverse()
    .slice(0, STAFF_MAIL_LIST_LIMIT);
  const messages = await Promise.all(ids.map((id) => readMailboxMessage(directory, id)));
  return messages
    .filter((message) => message !== null)
    .map(({ id, to, subject, sentAt }) => ({ id, to, subject, sentAt }));
}
