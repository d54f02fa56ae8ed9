/** One CSV record and the line of the file it starts on (a quoted cell may span lines). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/**
 * RFC 4180 CSV as spreadsheets write it: comma-separated, cells optionally in double quotes
 * (with "" for a quote, and commas and line breaks inside), CRLF or LF line ends, an optional
 * UTF-8 byte order mark (Excel's "CSV UTF-8" adds one). Blank lines are skipped. Line numbers
 * are kept so every problem can name the line a person sees in their editor.
 */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let afterQuote = false;

  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    afterQuote = false;
  };

  for (let i = 0; i < input.length; i += 1) {
    const ch = input.charAt(i);
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (ch === '\n') line += 1;
        cell += ch;
      }
      continue;
    }
    if (ch === ',') {
      cells.push(cell);
      cell = '';
      afterQuote = false;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && input[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else if (afterQuote) {
      throw new CsvSyntaxError(
        line,
        'text after a closing quote (write "" for a quote inside a cell)',
      );
    } else if (ch === '"' && cell === '') {
      quoted = true;
    } else {
      cell += ch;
    }
  }
  if (quoted) throw new CsvSyntaxError(recordLine, 'a quoted cell is never closed');
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
