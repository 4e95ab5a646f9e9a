import { expect, it } from 'vitest';
import { diffDumps, dumpEntries } from './schemaDump';

const dump = (...entries: [string, string][]) =>
  [
    '--\n-- PostgreSQL database dump\n--\n\n\\restrict k3y\n\nSET x = 0;\n\n',
    ...entries.map(([header, sql]) => `--\n-- ${header}\n--\n\n${sql}\n\n\n`),
    '--\n-- PostgreSQL database dump complete\n--\n\n\\unrestrict k3y\n\n',
  ].join('');
const TABLE = 'Name: t; Type: TABLE; Schema: public; Owner: o';
const EVENT = 'Name: e; Type: EVENT TRIGGER; Schema: -; Owner: o';

it('cuts a dump into its entries, without the restrict keys and the closing comment', () => {
  expect(dumpEntries(dump([TABLE, 'CREATE TABLE public.t (\n    a integer\n);']))).toEqual([
    { header: '(preamble)', sql: '--\n-- PostgreSQL database dump\n--\n\n\nSET x = 0;' },
    { header: TABLE, sql: 'CREATE TABLE public.t (\n    a integer\n);' },
  ]);
});

it('names an entry only one dump has, and nothing else, wherever it falls', () => {
  const before = dumpEntries(dump([TABLE, 'CREATE TABLE public.t ();']));
  const after = dumpEntries(dump([TABLE, 'CREATE TABLE public.t ();'], [EVENT, 'CREATE EVENT TRIGGER e;']));
  expect(diffDumps(before, after)).toEqual([
    { header: EVENT, onlyLeft: [], onlyRight: ['CREATE EVENT TRIGGER e;'] },
  ]);
});

it('names the lines of a moved column, and whole entries when only the order of their lines differs', () => {
  const table = (columns: string) => dumpEntries(dump([TABLE, `CREATE TABLE public.t (\n${columns}\n);`]));
  expect(diffDumps(table('    a integer,\n    b integer'), table('    b integer,\n    a integer'))).toEqual([
    {
      header: TABLE,
      onlyLeft: ['    a integer,', '    b integer'],
      onlyRight: ['    b integer,', '    a integer'],
    },
  ]);
  const acl = (sql: string) => dumpEntries(dump([TABLE, sql]));
  expect(diffDumps(acl('GRANT x;\nGRANT y;'), acl('GRANT y;\nGRANT x;'))).toEqual([
    { header: TABLE, onlyLeft: ['GRANT x;\nGRANT y;'], onlyRight: ['GRANT y;\nGRANT x;'] },
  ]);
});
