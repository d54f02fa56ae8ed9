/** About two lines on a phone: enough to recognise a message without opening it. */
export const PREVIEW_MAX_CHARS = 140;

/**
 * The start of a message for the list, on one line, cut at a word where it is too long. `isWhole`
 * says whether the preview already shows all of it (then there is nothing to expand).
 */
export function previewMessage(
  content: string,
  maxChars = PREVIEW_MAX_CHARS,
): { text: string; isWhole: boolean } {
  const oneLine = content.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= maxChars) return { text: oneLine, isWhole: oneLine === content.trim() };
  // One character more, so a word that ends right at the limit is kept whole.
  const lastSpace = oneLine.slice(0, maxChars + 1).lastIndexOf(' ');
  // A word longer than half the preview (a link, say) is cut where it stands.
  const end = lastSpace > maxChars / 2 ? lastSpace : maxChars;
  return { text: `${oneLine.slice(0, end).trimEnd()}…`, isWhole: false };
}
