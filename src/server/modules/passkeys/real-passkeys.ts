import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { passkeyCredentials } from '../../db/schema.js';
import { SIMULATED_DEVICE_TYPE } from './simulated-passkeys.js';

/**
 * The student's WebAuthn passkeys, as a ceremony's options name them (excludeCredentials,
 * allowCredentials). A simulated passkey (demo mode) is no WebAuthn credential: no authenticator
 * could hold it, and its id is not base64url, so it is left out.
 */
export function realPasskeysOf(
  db: Database,
  studentId: string,
): Promise<{ id: string; transports: string[] }[]> {
  return db
    .select({ id: passkeyCredentials.id, transports: passkeyCredentials.transports })
    .from(passkeyCredentials)
    .where(
      and(
        eq(passkeyCredentials.studentId, studentId),
        or(
          isNull(passkeyCredentials.deviceType),
          ne(passkeyCredentials.deviceType, SIMULATED_DEVICE_TYPE),
        ),
      ),
    );
}
