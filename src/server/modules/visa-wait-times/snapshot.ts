import snapshot from '../../db/seed-data/visa-wait-times-fmj-2026-07-14.json' with { type: 'json' };

export interface PostPlace {
  post: string;
  country: string;
  countryCode: string | null;
}

/**
 * The State Department snapshot the seed loads (data README). Its page has no country column, so
 * the snapshot's post-to-country pairs are also the map a refresh uses to place each post.
 */
export const SNAPSHOT_PLACES: readonly PostPlace[] = snapshot.posts.map((p) => ({
  post: p.post,
  country: p.country,
  countryCode: p.countryCode,
}));
