/**
 * A cell of a CSV file we write (RFC 4180): quoted when it holds a comma, quote or line break, a
 * quote doubled. A leading =, +, -, @, tab or carriage return makes a spreadsheet run the cell as
 * a formula, so such a cell gets a quote mark in front (OWASP's advice for CSV exports of text
 * people typed: waitlist e-mails, names, an audit row's details).
 */
function csvCell(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record of a CSV file we write, without its line end. */
export function csvLine(values: (string | number | boolean | null)[]): string {
  return values.map(csvCell).join(',');
}
