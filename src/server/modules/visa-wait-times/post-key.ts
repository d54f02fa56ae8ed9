/**
 * The key two spellings of one post share: "Curaçao" and "Curacao", "N`Djamena" and "N'Djamena",
 * "Port-au-Prince" and "Port Au Prince". The page has respelled posts before; a respelling must
 * not turn a known post into an unknown one.
 */
export function postKey(post: string): string {
  return post
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[`\u00b4\u2018\u2019]/g, "'")
    .replace(/[-\s]+/g, ' ')
    .trim()
    .toLowerCase();
}
