const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  // A YYYY-MM-DD is a calendar day, not an instant: read in UTC, it is the same day everywhere.
  timeZone: 'UTC',
});

/** '2027-08-23' as 'August 23, 2027'. */
export function formatIsoDate(isoDate: string): string {
  return LONG_DATE.format(new Date(`${isoDate}T00:00:00Z`));
}
