/** The content codings the wait times are kept in besides identity, best first. */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/**
 * Browsers send one of a handful of Accept-Encoding values, so each answer is kept, for up to
 * this many values; any further value is parsed per request.
 */
const REMEMBERED_HEADERS = 64;
const remembered = new Map<string, ContentCoding | null>();

/**
 * RFC 9110 12.5.3: the first of CONTENT_CODINGS that Accept-Encoding allows (named, or by `*`,
 * with a q-value above 0), or null for the body as it is.
 */
export function preferredCoding(header: string | undefined): ContentCoding | null {
  if (!header) return null;
  const known = remembered.get(header);
  if (known !== undefined) return known;
  const coding = parsePreferredCoding(header);
  if (remembered.size < REMEMBERED_HEADERS) remembered.set(header, coding);
  return coding;
}

function parsePreferredCoding(header: string): ContentCoding | null {
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [coding = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(coding, q === undefined ? 1 : Number(q.slice(2)));
  }
  const allows = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  return CONTENT_CODINGS.find(allows) ?? null;
}
