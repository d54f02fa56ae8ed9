import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { profiles } from '../../db/schema.js';
import { decryptField, encryptField } from '../../lib/crypto.js';
import { AdminError } from '../admin-error.js';
import {
  qualifiedName,
  SEALED_PROFILE_COLUMNS,
  type SealedProfileColumn,
} from './keyed-columns.js';
import { type KeyPair, RotationCheckError, type RotationStep } from './rotation-step.js';

type Sealed = Partial<Record<SealedProfileColumn, string>>;

interface ResealedProfile {
  studentId: string;
  plaintexts: Sealed;
  resealed: Sealed;
}

/** The profile values the students step hashes again, by student id. */
export type ProfilePlaintexts = Map<string, Sealed>;

const COLUMNS = Object.entries(SEALED_PROFILE_COLUMNS) as [
  SealedProfileColumn,
  (typeof SEALED_PROFILE_COLUMNS)[SealedProfileColumn],
][];

const selectSealed = (tx: Database) =>
  tx
    .select({ studentId: profiles.studentId, ...SEALED_PROFILE_COLUMNS })
    .from(profiles)
    .orderBy(profiles.studentId);

/**
 * Decrypts every sealed profile value with the current key, refusing on the first one it cannot
 * open (naming the column and the student), and seals it again under the new key.
 */
export async function resealProfiles(
  tx: Database,
  keys: KeyPair,
): Promise<RotationStep & { plaintexts: ProfilePlaintexts }> {
  const rows = await selectSealed(tx);
  const counts = new Map<SealedProfileColumn, number>();
  const planned: ResealedProfile[] = rows.map((row) => {
    const plaintexts: Sealed = {};
    const resealed: Sealed = {};
    for (const [key, column] of COLUMNS) {
      const sealed = row[key];
      if (sealed === null) continue;
      try {
        plaintexts[key] = decryptField(keys.current, sealed);
      } catch {
        throw new AdminError(
          `Cannot decrypt ${qualifiedName(column)} of student ${row.studentId} with the current DATA_KEY. Is it the key this database was written with (DATA_KEY, or DATA_DIR/dev-secrets.json when DATA_KEY is not set)? Nothing was changed.`,
        );
      }
      resealed[key] = encryptField(keys.next, plaintexts[key]);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return { studentId: row.studentId, plaintexts, resealed };
  });

  return {
    plaintexts: new Map(planned.map((p) => [p.studentId, p.plaintexts])),
    report: COLUMNS.map(([key, column]) => [
      qualifiedName(column),
      counts.get(key) ?? 0,
      'decrypted; encrypted again with the new key',
    ]),
    async write(writer) {
      for (const p of planned) {
        if (Object.keys(p.resealed).length === 0) continue;
        await writer.update(profiles).set(p.resealed).where(eq(profiles.studentId, p.studentId));
      }
    },
    async check(reader) {
      const byId = new Map(planned.map((p) => [p.studentId, p]));
      for (const row of await selectSealed(reader)) {
        for (const [key, column] of COLUMNS) {
          const sealed = row[key];
          const expected = byId.get(row.studentId)?.plaintexts[key];
          const opened = sealed === null ? undefined : openOrUndefined(keys, sealed);
          if (opened !== expected) {
            throw new RotationCheckError(qualifiedName(column), row.studentId);
          }
        }
      }
    },
  };
}

function openOrUndefined(keys: KeyPair, sealed: string): string | undefined {
  try {
    return decryptField(keys.next, sealed);
  } catch {
    return undefined;
  }
}
