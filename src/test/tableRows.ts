/**
 * A table's body rows and a row's cells, read from the DOM rather than by role. A role query checks
 * each candidate's computed style, which the test DOM works out from every MUI rule on the page: reading a
 * 25-row page and its cells by role took about a second a time, and TagList.test.tsx, which reads
 * its rows after every sort, spent 8 of its 20 s in those checks.
 */
export const bodyRows = (table: HTMLElement) =>
  Array.from(table.querySelectorAll<HTMLElement>(':scope > tbody > tr'));

export const cellsOf = (row: HTMLElement) => Array.from(row.querySelectorAll<HTMLElement>(':scope > td'));
