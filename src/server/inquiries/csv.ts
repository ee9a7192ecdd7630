/** Cells a spreadsheet would run as a formula (OWASP CSV injection): =, +, -, @, tab and CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 cell: a formula-looking value is prefixed with `'` so Excel shows it as text, and a value
 * with a comma, quote or line break is quoted with its quotes doubled.
 * @example csvCell('=1+1') // "'=1+1"
 * @example csvCell('a "b", c') // '"a ""b"", c"'
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record with the CRLF line end RFC 4180 asks for. */
export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Excel reads a CSV as UTF-8 (Korean intact) only when the file starts with this byte-order mark. */
export const UTF8_BOM = '\uFEFF';
