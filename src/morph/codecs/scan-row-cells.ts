/** rows-delimited stage 1: splits the payload into rows and cells, seeing delimiters only outside strings. */
import { fail, ok, type Result } from '../../shared/errors.ts';
import { CHARS, MORPH_CODES, RULES } from '../constants.ts';
import { morphError } from '../refusal.ts';

/** One cell's text and where it starts. */
export interface CellText {
  readonly text: string;
  /** 0-based UTF-16 offset into the payload. */
  readonly offset: number;
}

/**
 * Scans character by character (MORPH-RD-3). Stops as soon as more rows than declared appear or a
 * row's width differs from the field count, so no allocation outgrows the declared shape.
 */
export function scanRowCells(payload: string, delimiter: string, rowCount: number, width: number): Result<CellText[][]> {
  const rows: CellText[][] = [];
  let row: CellText[] = [];
  let cellStart = 0;
  let inString = false;
  const tooWide = (): Result<never> => {
    const line = rows.length + 1;
    return fail(morphError(MORPH_CODES.ROW_WIDTH_MISMATCH, RULES.ROWS_GRAMMAR, `row ${line} has more than ${width} cells`, { line }));
  };
  const endCell = (end: number): void => {
    row.push({ text: payload.slice(cellStart, end), offset: cellStart });
    cellStart = end + 1;
  };
  const endRow = (): Result<void> => {
    const line = rows.length + 1;
    if (row.length !== width) {
      return fail(morphError(MORPH_CODES.ROW_WIDTH_MISMATCH, RULES.ROWS_GRAMMAR, `row ${line} has ${row.length} cells, ${width} fields declared`, { line }));
    }
    rows.push(row);
    row = [];
    return ok(undefined);
  };
  for (let i = 0; i < payload.length; i++) {
    const c = payload[i];
    if (inString) {
      if (c === CHARS.BACKSLASH) i++;
      else if (c === CHARS.QUOTE) inString = false;
      // A raw LF inside quotes does not end the row: the cell holding it is no JSON string and fails later.
      continue;
    }
    if (c === CHARS.QUOTE) inString = true;
    else if (c === delimiter) {
      endCell(i);
      // Refuse as soon as a row outgrows the field list, before allocating its remaining cells.
      if (row.length >= width) return tooWide();
    }
    else if (c === CHARS.LF) {
      endCell(i);
      const r = endRow();
      if (!r.ok) return r;
      if (rows.length >= rowCount) {
        // A line feed after the last declared row: either a trailing LF or extra rows.
        if (i === payload.length - 1) return fail(morphError(MORPH_CODES.TRAILING_LINE_FEED, RULES.ROWS_GRAMMAR, 'payload ends with a line feed', { line: rows.length }));
        return fail(morphError(MORPH_CODES.ROW_COUNT_MISMATCH, RULES.ROWS_GRAMMAR, `more than ${rowCount} rows`, { line: rows.length + 1 }));
      }
    }
  }
  if (inString) return fail(morphError(MORPH_CODES.UNTERMINATED_STRING, RULES.ROWS_GRAMMAR, 'a quoted string is not terminated', { line: rows.length + 1 }));
  endCell(payload.length);
  const r = endRow();
  if (!r.ok) return r;
  if (rows.length !== rowCount) {
    return fail(morphError(MORPH_CODES.ROW_COUNT_MISMATCH, RULES.ROWS_GRAMMAR, `${rows.length} rows, ${rowCount} declared`));
  }
  return ok(rows);
}
