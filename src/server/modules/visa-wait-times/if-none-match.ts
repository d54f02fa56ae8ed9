/**
 * RFC 9110 13.1.2: If-None-Match holds "*" or a list of entity tags, compared weakly (W/"x"
 * matches "x"). True when the client's copy is current and a 304 answers it.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const current = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === current;
  });
}
