import type { TVisaWaitTime } from '../../../shared/visa-wait-times.js';
import type { Database } from '../../db/client.js';
import { visaWaitTimes } from '../../db/schema.js';

/** Every post's current figure, as the route serves it (unsorted: the store sorts). */
export async function loadWaitTimes(db: Database): Promise<TVisaWaitTime[]> {
  return db
    .select({
      post: visaWaitTimes.post,
      country: visaWaitTimes.country,
      studentVisaWaitTime: visaWaitTimes.studentVisaWaitTime,
    })
    .from(visaWaitTimes);
}
