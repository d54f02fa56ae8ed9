import type { TProfile, TProfileUpdateRequest } from '../../../shared/profile.js';
import type { Database } from '../../db/client.js';
import { profiles } from '../../db/schema.js';
import type { DataKeys } from '../../lib/crypto.js';
import { toProfileColumns } from './profile-row.js';

/**
 * Stores the whole profile (the form always sends every field), creating the row on the first
 * save. Answers the profile as stored, which is what the request said once validated and trimmed.
 */
export async function saveProfile(
  db: Database,
  keys: DataKeys,
  studentId: string,
  profile: TProfileUpdateRequest,
): Promise<TProfile> {
  const columns = { ...toProfileColumns(keys, profile), updatedAt: new Date() };
  await db
    .insert(profiles)
    .values({ studentId, ...columns })
    .onConflictDoUpdate({ target: profiles.studentId, set: columns });
  return profile;
}
