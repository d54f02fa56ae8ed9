import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { invites, profiles, rateLimits, students } from '../../db/schema.js';
import type { DataKeys } from '../../lib/crypto.js';
import { recordAuditEvent } from '../../modules/audit/record-audit-event.js';
import type { IssuedCode } from '../../modules/student-import/invite-codes.js';
import { clearRateLimits } from './clear-rate-limits.js';
import { rehashStudents } from './rehash-students.js';
import { rekeyInvites } from './rekey-invites.js';
import { resealProfiles } from './reseal-profiles.js';
import type { RotationStep } from './rotation-step.js';

export interface RotationRequest {
  current: DataKeys;
  next: DataKeys;
  /** Read and decrypt everything with the current key, and write nothing. */
  dryRun: boolean;
  /** Hash what a profile holds when it is not the value a student was imported with. */
  useProfileValues: boolean;
}

export interface RotationOutcome {
  /** `table.column`, how many values, and what happened to them (or would). */
  report: RotationStep['report'];
  /** Open invites' new codes, to hand out: their old codes no longer match. None in a dry run. */
  newCodes: IssuedCode[];
}

/**
 * Moves every value DATA_KEY protects to a new key in one transaction: the sealed profile
 * fields, the lookup hashes of passport numbers, birth dates and invite codes, and the per-address
 * rate-limit counters. Everything is read and decrypted with the current key before anything is
 * written (an AdminError names the first value it cannot open); after writing, everything is read
 * back with the new key, and any difference rolls the whole rotation back. The audit log's row
 * of the rotation commits with it.
 */
export async function rotateDataKey(
  db: Database,
  request: RotationRequest,
): Promise<RotationOutcome> {
  const keys = { current: request.current, next: request.next };
  return db.transaction(async (tx) => {
    // Writers (a server that should have been stopped) wait for the commit; readers go on.
    await tx.execute(
      sql`lock table ${profiles}, ${students}, ${invites}, ${rateLimits} in exclusive mode`,
    );
    const resealed = await resealProfiles(tx, keys);
    const rekeyedInvites = await rekeyInvites(tx, keys);
    const steps = [
      resealed,
      await rehashStudents(tx, keys, resealed.plaintexts, request),
      rekeyedInvites,
      await clearRateLimits(tx),
    ];
    const report = steps.flatMap((step) => step.report);
    if (!request.dryRun) {
      for (const step of steps) await step.write(tx);
      for (const step of steps) await step.check(tx);
      // How many values of each column moved; no key, and no value, is ever in the log.
      await recordAuditEvent(
        tx,
        { actor: 'command-line' },
        {
          action: 'data-key.rotate',
          details: { values: Object.fromEntries(report.map(([name, count]) => [name, count])) },
        },
      );
    }
    return {
      report,
      newCodes: request.dryRun ? [] : rekeyedInvites.newCodes,
    };
  });
}
