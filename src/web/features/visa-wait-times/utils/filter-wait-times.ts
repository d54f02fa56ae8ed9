import {
  sortWaitTimes,
  waitTimeQuality,
  type TVisaWaitTime,
  type TWaitTimeQuality,
} from '../../../../shared/visa-wait-times.js';
import { appointmentSiteFor } from '../data/appointment-sites.js';

/** Spec section 9, "Wait times": the first 24 are shown until 'Show All' is pressed. */
export const WAIT_TIMES_SHOWN_AT_FIRST = 24;

/** One post, with everything a card needs worked out once per answer, not once per keystroke. */
export interface WaitTimeRow extends TVisaWaitTime {
  key: string;
  quality: TWaitTimeQuality;
  appointmentUrl: string;
  /** Post and country, folded for matching. */
  searchText: string;
}

/**
 * Case-insensitive (spec section 9) and accent-insensitive, so "cote" finds Côte d’Ivoire and
 * "sao paulo" finds São Paulo on a keyboard without accents.
 */
export function foldForSearch(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Sorted by quality then post (spec section 4, by the shared rule), ready to filter. */
export function prepareWaitTimes(records: readonly TVisaWaitTime[]): WaitTimeRow[] {
  const seen = new Map<string, number>();
  return sortWaitTimes(records).map((record) => {
    const base = `${record.post}|${record.country}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return {
      ...record,
      key: count === 0 ? base : `${base}|${count}`,
      quality: waitTimeQuality(record.studentVisaWaitTime),
      appointmentUrl: appointmentSiteFor(record.country),
      searchText: foldForSearch(`${record.post}\n${record.country}`),
    };
  });
}

const countryCollator = new Intl.Collator('en', { sensitivity: 'base' });

/** The country filter's options (spec section 9: derived from the data), each once, sorted. */
export function listCountries(records: readonly TVisaWaitTime[]): string[] {
  return [...new Set(records.map((r) => r.country))].sort(countryCollator.compare);
}

/** An empty country means 'All Countries'. */
export function filterWaitTimes(
  rows: readonly WaitTimeRow[],
  search: string,
  country: string,
): readonly WaitTimeRow[] {
  const needle = foldForSearch(search);
  if (!needle && !country) return rows;
  return rows.filter(
    (row) => (!country || row.country === country) && (!needle || row.searchText.includes(needle)),
  );
}
