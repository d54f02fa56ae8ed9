/**
 * Characters a terminal acts on instead of showing: C0 controls (line breaks, carriage return,
 * tab, ESC that starts colour, title, hyperlink and clear-screen sequences), DEL and C1 controls
 * (some terminals take U+009B as ESC [), the Unicode line and paragraph separators, and the
 * bidirectional overrides and isolates that show text in another order than it is stored.
 */
const ACTS_ON_TERMINAL = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

const escapeOf = (char: string) => {
  const code = char.charCodeAt(0);
  if (char === '\n') return '\\n';
  if (char === '\r') return '\\r';
  if (char === '\t') return '\\t';
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
};

/**
 * Text someone else wrote (a student's message, a name, an e-mail, a file name), as the command
 * line prints it to an operator's terminal: on one line, every control character shown as an
 * escape (`\n`, `\x1b`, `\u202e`), so it can neither forge an entry nor drive the terminal.
 */
export function shown(text: string): string {
  return text.replace(ACTS_ON_TERMINAL, escapeOf);
}
