import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';
import type { CsvExport } from '../providers/resourceData';

/** What a spreadsheet may run as a formula when a field starts with it (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Characters a spreadsheet may treat as a field or line separator when it guesses the format. */
const SPLIT_POINTS = /[,;\t|\r\n]/;

/**
 * Spreadsheets run a field that begins with `=`, `+`, `-` or `@` (or a tab or carriage return,
 * which some strip first) as a formula. A field is not only a whole cell: a spreadsheet opening
 * the file with `;` (Excel in many locales), tab, `|` or another separator splits a cell there, so
 * the text after every such character, and after a line break, is a field start too. Any cell with
 * a formula start anywhere such a split could put it gets a leading `'` (text, never evaluated)
 * and is quoted (see quoteCell), so no separator splits it.
 */
export function neutraliseCell(value: string): string {
  return value.split(SPLIT_POINTS).some((part) => FORMULA_START.test(part.trimStart())) ? `'${value}` : value;
}

/** One CSV cell's text: lists joined with "; ", objects as JSON, null and undefined empty. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A record as flat, neutralised CSV cells (a number such as -3 becomes '-3 too). */
export function csvRow(record: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, neutraliseCell(cellText(value))]),
  );
}

/** Quoted when it holds a quote, a line break or any character some locale reads as a separator. */
const quoteCell = (text: string) => (/[",;\t|\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** RFC 4180 CSV of these rows (CRLF line ends), columns in the order the rows first name them. */
export function toCsv(rows: ReadonlyArray<Record<string, unknown>>): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lines = [columns, ...rows.map(csvRow).map((row) => columns.map((column) => row[column] ?? ''))];
  return lines.map((cells) => cells.map(quoteCell).join(',')).join('\r\n');
}

/**
 * A react-admin exporter for the list's Export button: the current filter's rows (react-admin
 * fetches them with the list's filter and sort), picked by the descriptor's typed `row`, neutralised,
 * as `<fileName>.csv`; words come from `translate`, in the admin's language.
 */
export function csvExporter<R extends RaRecord>(
  csv: CsvExport<R>,
  translate: (key: string) => string,
): Exporter<R> {
  return (records) => downloadCSV(toCsv(records.map((record) => csv.row(record, translate))), csv.fileName);
}
