import { htmlText } from './html/html-text.js';
import { type HtmlTable, readTables, type TableCell } from './html/read-tables.js';
import { readLastUpdated } from './read-last-updated.js';
import { WaitTimesSourceError } from './refresh-errors.js';

export interface PageRow {
  post: string;
  /** The cell text as published; an empty cell is 'N/A', as in the seed snapshot. */
  studentVisaWaitTime: string;
}

export interface ParsedWaitTimesPage {
  /** The "Last updated" date as an ISO date, or null when the page states none we can read. */
  sourceUpdatedOn: string | null;
  rows: PageRow[];
  /** Post names listed more than once; the first row of each was kept. */
  duplicates: string[];
}

/** The page lists about 240 posts; far fewer means a changed or broken page, not closures. */
export const MINIMUM_POSTS = 100;

/**
 * The student column is found by its letters in parentheses, whatever the spacing: the current
 * page writes "(F,M,J)", the older one "(F, M, J)".
 */
const STUDENT_COLUMN = /\(\s*F\s*[,/]\s*M\s*[,/]\s*J\s*\)/i;
const POST_COLUMN = /city|post/i;
const WAIVER = /waiver/i;

interface Layout {
  table: HtmlTable;
  headerRow: number;
  studentColumn: number;
  postColumn: number;
}

/**
 * The student column's header cell. The older page also had an "Interview Waiver ... (F, M, J)"
 * column; the figure students need is the interview-required one, so a waiver column is taken
 * only when there is no other.
 */
function findStudentHeader(table: HtmlTable): { row: number; column: number } | null {
  let waiver: { row: number; column: number } | null = null;
  for (const [row, cells] of table.rows.entries()) {
    for (const [column, cell] of cells.entries()) {
      if (!cell || !STUDENT_COLUMN.test(cell.text)) continue;
      if (!WAIVER.test(cell.text)) return { row, column };
      waiver ??= { row, column };
    }
  }
  return waiver;
}

function findLayout(tables: HtmlTable[]): Layout | null {
  for (const table of tables) {
    const header = findStudentHeader(table);
    if (!header) continue;
    // The post column is named in the header row or a row above it (a two-row header).
    let postColumn = 0;
    for (const row of table.rows.slice(0, header.row + 1)) {
      const found = row.findIndex(
        (cell, i) => i !== header.column && cell !== undefined && POST_COLUMN.test(cell.text),
      );
      if (found !== -1) {
        postColumn = found;
        break;
      }
    }
    return { table, headerRow: header.row, studentColumn: header.column, postColumn };
  }
  return null;
}

/** A row that is not a post: a region heading spanning the table, or a repeated header. */
function isNotAPost(post: TableCell, wait: TableCell | undefined): boolean {
  if (wait && wait.id === post.id) return true;
  return STUDENT_COLUMN.test(wait?.text ?? '') || /^city\s*\/\s*post$/i.test(post.text);
}

/**
 * Reads the State Department's Global Visa Wait Times page: the "Last updated" date and, for every
 * post, the F, M, J cell, in either of the page's formats (months since March 2025, days before).
 * Cell text is kept as published, unknown words included; reading it is the bucket rule's job.
 * Throws WaitTimesSourceError when the page is not the page we know.
 */
export function parseWaitTimesPage(html: string): ParsedWaitTimesPage {
  const tables = readTables(html);
  if (tables.length === 0) throw new WaitTimesSourceError('no_table', 'the page has no table');
  const layout = findLayout(tables);
  if (!layout) {
    throw new WaitTimesSourceError(
      'no_student_column',
      'no table has a column for student visas, "(F, M, J)"',
    );
  }
  if (!layout.table.closed) {
    throw new WaitTimesSourceError('truncated', 'the table is cut off before </table>');
  }

  const rows: PageRow[] = [];
  const duplicates: string[] = [];
  const seen = new Set<string>();
  for (const row of layout.table.rows.slice(layout.headerRow + 1)) {
    const post = row[layout.postColumn];
    const wait = row[layout.studentColumn];
    if (!post || post.text === '' || isNotAPost(post, wait)) continue;
    if (seen.has(post.text)) {
      duplicates.push(post.text);
      continue;
    }
    seen.add(post.text);
    rows.push({ post: post.text, studentVisaWaitTime: wait?.text || 'N/A' });
  }
  if (rows.length < MINIMUM_POSTS) {
    throw new WaitTimesSourceError(
      'too_few_posts',
      `the table lists ${rows.length} posts; at least ${MINIMUM_POSTS} are expected`,
    );
  }
  return { sourceUpdatedOn: readLastUpdated(htmlText(html)), rows, duplicates };
}
