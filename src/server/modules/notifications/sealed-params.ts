import { sql } from 'drizzle-orm';
import { type DataKeys, decryptField, encryptField } from '../../lib/crypto.js';
import { notifications } from '../../db/schema.js';

/**
 * Parameters that are credentials: an invite code, a staff enrolment link. The outbox keeps them
 * sealed under DATA_KEY (AES-256-GCM, as the profile's sealed fields), opens them only to write
 * the e-mail, and erases them once it is sent or skipped (docs/decisions/020).
 */
export const SEALED_PARAMS = ['code', 'link'] as const;
type TSealedParam = (typeof SEALED_PARAMS)[number];

const PREFIX = 'sealed.';
const storedName = (name: TSealedParam) => `${PREFIX}${name}`;

/** The credentials as the outbox row keeps them: each sealed, under a name of its own. */
export function sealParams(
  keys: DataKeys,
  secrets: Partial<Record<TSealedParam, string>>,
): Record<string, string> {
  const sealed: Record<string, string> = {};
  for (const name of SEALED_PARAMS) {
    const value = secrets[name];
    if (value !== undefined) sealed[storedName(name)] = encryptField(keys, value);
  }
  return sealed;
}

/** A row's parameters with its credentials opened, under their own names, for the template. */
export function openSealedParams(
  keys: DataKeys,
  params: Record<string, string>,
): Record<string, string> {
  const opened: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name.startsWith(PREFIX)) opened[name.slice(PREFIX.length)] = decryptField(keys, value);
    else opened[name] = value;
  }
  return opened;
}

/** The row's parameters without its sealed credentials: what a settled notification keeps. */
export const withoutSealedParams = () =>
  sql`${notifications.params} - ${`{${SEALED_PARAMS.map(storedName).join(',')}}`}::text[]`;
