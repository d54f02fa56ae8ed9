import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { students } from '../../db/schema.js';
import { lookupHash } from '../../lib/crypto.js';
import { normalisePassportNumber } from '../../../shared/onboarding.js';
import { AdminError } from '../admin-error.js';
import { qualifiedName } from './keyed-columns.js';
import type { ProfilePlaintexts } from './reseal-profiles.js';
import { type KeyPair, RotationCheckError, type RotationStep } from './rotation-step.js';

/** A students column and the profile value it is the keyed hash of. */
export const REHASHED_STUDENT_COLUMNS = [
  {
    key: 'passportNumberHash',
    column: students.passportNumberHash,
    source: 'passportNumberEncrypted',
    what: 'passport number',
    normalise: normalisePassportNumber,
  },
  {
    key: 'dateOfBirthHash',
    column: students.dateOfBirthHash,
    source: 'dateOfBirthEncrypted',
    what: 'birth date',
    normalise: (value: string) => value,
  },
] as const;

type HashKey = (typeof REHASHED_STUDENT_COLUMNS)[number]['key'];

const selectHashes = (tx: Database) =>
  tx
    .select({
      id: students.id,
      email: students.email,
      passportNumberHash: students.passportNumberHash,
      dateOfBirthHash: students.dateOfBirthHash,
    })
    .from(students)
    .orderBy(students.id);

/**
 * A keyed hash cannot be turned into one under another key: it is computed again from the value,
 * which only the student's profile holds (sealed). It is carried over when that value, hashed
 * with the current key, gives exactly the stored hash: proof it is what the student was imported
 * with. A student who changed their passport number or birth date in their profile since then
 * (or has no profile) is refused, by name, unless `useProfileValues` says to hash what the profile
 * holds: they then prove who they are with those values.
 */
export async function rehashStudents(
  tx: Database,
  keys: KeyPair,
  plaintexts: ProfilePlaintexts,
  { useProfileValues }: { useProfileValues: boolean },
): Promise<RotationStep> {
  const planned = new Map<string, Record<HashKey, string>>();
  const unproven: string[] = [];
  const fromProfile = new Map<HashKey, number>();
  for (const row of await selectHashes(tx)) {
    const values = plaintexts.get(row.id);
    const hashes: Partial<Record<HashKey, string>> = {};
    const missing: string[] = [];
    for (const { key, source, what, normalise } of REHASHED_STUDENT_COLUMNS) {
      const plaintext = values?.[source];
      const value = plaintext === undefined ? undefined : normalise(plaintext);
      const proven = value !== undefined && lookupHash(keys.current, value) === row[key];
      if (value === undefined || (!proven && !useProfileValues)) {
        missing.push(value === undefined ? `${what} ${NO_VALUE}` : what);
        continue;
      }
      if (!proven) fromProfile.set(key, (fromProfile.get(key) ?? 0) + 1);
      hashes[key] = lookupHash(keys.next, value);
    }
    if (missing.length > 0) unproven.push(`  ${row.id} ${row.email ?? '-'}: ${missing.join(', ')}`);
    else planned.set(row.id, hashes as Record<HashKey, string>);
  }
  if (unproven.length > 0) throw refusal(unproven);

  return {
    report: REHASHED_STUDENT_COLUMNS.map(({ key, column }) => {
      const taken = fromProfile.get(key) ?? 0;
      return [
        qualifiedName(column),
        planned.size,
        `computed again from the profile${taken > 0 ? ` (${taken} from a changed profile value)` : ''}`,
      ];
    }),
    async write(writer) {
      for (const [id, hashes] of planned) {
        await writer.update(students).set(hashes).where(eq(students.id, id));
      }
    },
    async check(reader) {
      for (const row of await selectHashes(reader)) {
        for (const { key, column } of REHASHED_STUDENT_COLUMNS) {
          if (planned.get(row.id)?.[key] !== row[key]) {
            throw new RotationCheckError(qualifiedName(column), row.id);
          }
        }
      }
    },
  };
}

const NO_VALUE = '(no profile value)';

function refusal(unproven: string[]): AdminError {
  const count = `${unproven.length} ${unproven.length === 1 ? 'student' : 'students'}`;
  return new AdminError(
    [
      `The lookup hashes of ${count} cannot be carried over: their profile no longer holds the value they were imported with (changed since), or holds none.`,
      ...unproven,
      'Run again with --use-profile-values to hash what their profiles hold: they then prove who they are with those values.',
      ...(unproven.some((line) => line.includes(NO_VALUE))
        ? [
            'A student with no profile value needs one first: they save their profile while signed in.',
          ]
        : []),
      'Nothing was changed.',
    ].join('\n'),
  );
}
