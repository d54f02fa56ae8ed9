import type { PageRow } from './parse-wait-times-page.js';
import { postKey } from './post-key.js';
import type { PostPlace } from './snapshot.js';

export interface WaitTimeRecord extends PostPlace {
  studentVisaWaitTime: string;
}

export interface AssignedCountries {
  records: WaitTimeRecord[];
  /** Posts on the page with no known country: left out, and named in the log. */
  skipped: string[];
}

/**
 * Gives each post on the page its country: from the snapshot's map first, else the country it
 * had before (a post the map lacks but an earlier refresh placed), else it is skipped, because a
 * card without a country cannot be filtered or linked to an embassy site. A post keeps the
 * spelling it is known by, so its row (keyed by post) is updated rather than duplicated.
 */
export function assignCountries(
  rows: readonly PageRow[],
  map: readonly PostPlace[],
  previous: readonly PostPlace[],
): AssignedCountries {
  const known = new Map<string, PostPlace>();
  // The map wins over an earlier refresh: entries added later replace earlier ones.
  for (const place of [...previous, ...map]) known.set(postKey(place.post), place);

  const records: WaitTimeRecord[] = [];
  const skipped: string[] = [];
  const placed = new Set<string>();
  for (const row of rows) {
    const key = postKey(row.post);
    const place = known.get(key);
    if (!place) {
      skipped.push(row.post);
      continue;
    }
    if (placed.has(key)) continue;
    placed.add(key);
    records.push({ ...place, studentVisaWaitTime: row.studentVisaWaitTime });
  }
  return { records, skipped };
}
