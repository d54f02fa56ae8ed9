/**
 * The line each item of a top-level JSON array starts on, so a bad item is reported by line as a
 * CSV row is. Assumes text JSON.parse has accepted: it only tracks strings and nesting depth.
 */
export function locateJsonItems(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectItem = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '\n') line += 1;
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === undefined || /\s/.test(ch)) continue;
    if (depth === 1 && expectItem && ch !== ']') {
      lines.push(line);
      expectItem = false;
    }
    if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') {
      depth += 1;
      if (depth === 1) expectItem = true;
    } else if (ch === ']' || ch === '}') depth -= 1;
    else if (ch === ',' && depth === 1) expectItem = true;
  }
  return lines;
}
