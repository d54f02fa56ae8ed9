import { decodeEntities } from './decode-entities.js';
import { scanHtml } from './scan-html.js';

export interface TableCell {
  /** The cell's visible text: entities decoded, tags dropped, whitespace collapsed. */
  text: string;
  /** One id per cell in the source: a cell spanning columns or rows appears in each slot it covers. */
  id: number;
}

export interface HtmlTable {
  /** Rows as a grid: colspan and rowspan expanded, so a column index means the same in every row. */
  rows: (TableCell | undefined)[][];
  /** False when the input ended before `</table>`: a cut-off download. */
  closed: boolean;
}

interface RawCell {
  text: string;
  colspan: number;
  rowspan: number;
}

/** Tags that start a new line of text inside a cell ("1<br>Month" reads "1 Month"). */
const BREAKS = new Set(['br', 'p', 'div', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const CELL_PARTS = new Set(['tr', 'td', 'th']);
const SECTIONS = new Set(['thead', 'tbody', 'tfoot', 'caption', 'colgroup']);
/**
 * The wait-times table has seven columns at most; cells past this are dropped, so a malformed
 * colspan cannot make the grid huge.
 */
const MAX_COLUMNS = 50;

const SPAN = {
  colspan: /(?:^|\s)colspan\s*=\s*["']?\s*(\d+)/i,
  rowspan: /(?:^|\s)rowspan\s*=\s*["']?\s*(\d+)/i,
};

function spanAttribute(attributes: string, name: keyof typeof SPAN, max: number): number {
  const match = SPAN[name].exec(attributes);
  const value = match?.[1] ? Number(match[1]) : 1;
  return Math.min(Math.max(value, 1), max);
}

/** Places raw rows on a grid, as the HTML table model does for colspan and rowspan. */
function toGrid(rawRows: RawCell[][]): (TableCell | undefined)[][] {
  let nextId = 0;
  // Per column: the cell still spanning down into the next rows, and for how many.
  const carried: ({ cell: TableCell; rows: number } | undefined)[] = [];
  return rawRows.map((raw) => {
    const row: (TableCell | undefined)[] = [];
    let column = 0;
    const takeCarried = (at: number) => {
      const carry = carried[at];
      if (!carry || carry.rows === 0) return false;
      row[at] = carry.cell;
      carry.rows -= 1;
      return true;
    };
    for (const rawCell of raw) {
      while (takeCarried(column)) column += 1;
      if (column >= MAX_COLUMNS) break;
      const cell: TableCell = { text: rawCell.text, id: nextId++ };
      for (let k = 0; k < Math.min(rawCell.colspan, MAX_COLUMNS - column); k += 1) {
        row[column + k] = cell;
        carried[column + k] = rawCell.rowspan > 1 ? { cell, rows: rawCell.rowspan - 1 } : undefined;
      }
      column += rawCell.colspan;
    }
    for (let at = column; at < carried.length; at += 1) takeCarried(at);
    return row;
  });
}

/**
 * Every top-level table of a page, read the way a browser reads it without scripts: end tags a
 * page may leave out (`</td>`, `</tr>`) are implied, tags inside cells are dropped but their text
 * kept, and a table nested in a cell adds its text to that cell. Small and dependency-free on
 * purpose: the server reads one known page and should not carry a DOM for it.
 */
export function readTables(html: string): HtmlTable[] {
  const tables: HtmlTable[] = [];
  const state: {
    depth: number;
    rows: RawCell[][];
    row: RawCell[] | null;
    cell: { parts: string[]; colspan: number; rowspan: number } | null;
  } = { depth: 0, rows: [], row: null, cell: null };

  const endCell = () => {
    if (!state.cell) return;
    const text = decodeEntities(state.cell.parts.join('')).replace(/\s+/g, ' ').trim();
    (state.row ??= []).push({ text, colspan: state.cell.colspan, rowspan: state.cell.rowspan });
    state.cell = null;
  };
  const endRow = () => {
    endCell();
    if (state.row) state.rows.push(state.row);
    state.row = null;
  };
  const endTable = (closed: boolean) => {
    endRow();
    tables.push({ rows: toGrid(state.rows), closed });
    state.rows = [];
    state.depth = 0;
  };

  for (const token of scanHtml(html)) {
    if (token.type === 'text') {
      // Text belongs to the open cell, if any (a nested table's text included).
      state.cell?.parts.push(token.text);
      continue;
    }
    const { name, closing } = token;
    if (name === 'table') {
      if (!closing) state.depth += 1;
      else if (state.depth === 1) endTable(true);
      else if (state.depth > 1) state.depth -= 1;
    } else if (state.depth !== 1) {
      // A nested table's cells and lines stay apart as words in the outer cell.
      if (state.depth > 1 && (BREAKS.has(name) || CELL_PARTS.has(name))) {
        state.cell?.parts.push(' ');
      }
    } else if (name === 'tr') {
      endRow();
      if (!closing) state.row = [];
    } else if (name === 'td' || name === 'th') {
      endCell();
      if (!closing) {
        state.cell = {
          parts: [],
          colspan: spanAttribute(token.attributes, 'colspan', MAX_COLUMNS),
          rowspan: spanAttribute(token.attributes, 'rowspan', 65534),
        };
      }
    } else if (SECTIONS.has(name)) {
      endRow();
    } else if (BREAKS.has(name)) {
      state.cell?.parts.push(' ');
    }
  }
  if (state.depth > 0) endTable(false);
  return tables;
}
