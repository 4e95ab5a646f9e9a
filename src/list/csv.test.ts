import { cellText, neutraliseCell, toCsv } from './csv';

describe('CSV export', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(neutraliseCell('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(neutraliseCell('+1')).toBe("'+1");
    expect(neutraliseCell('-2+3')).toBe("'-2+3");
    expect(neutraliseCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseCell('\t=1')).toBe("'\t=1");
    expect(neutraliseCell('Maggi = noodles')).toBe('Maggi = noodles');
  });

  it('neutralises a formula after any separator a spreadsheet may split on, and quotes the cell', () => {
    // The review's value: Excel with `;` as its list separator read `=1+1` as a second cell.
    expect(toCsv([{ name: 'Tea;=1+1' }])).toBe('name\r\n"\'Tea;=1+1"');
    expect(neutraliseCell('Tea; =1+1')).toBe("'Tea; =1+1");
    expect(neutraliseCell('a|@SUM(A1)')).toBe("'a|@SUM(A1)");
    expect(neutraliseCell('line\n+cmd')).toBe("'line\n+cmd");
    expect(neutraliseCell('a\t-1')).toBe("'a\t-1");
    expect(toCsv([{ name: 'Tea; Coffee' }])).toBe('name\r\n"Tea; Coffee"');
  });

  it('flattens lists and objects', () => {
    expect(cellText(['salt', 'sugar'])).toBe('salt; sugar');
    expect(cellText({ kcal: 120 })).toBe('{"kcal":120}');
    expect(cellText(null)).toBe('');
  });

  it('writes RFC 4180 rows with quoting', () => {
    expect(
      toCsv([
        { name: 'Oats, rolled', note: 'say "hi"' },
        { name: '=cmd', note: null },
      ]),
    ).toBe('name,note\r\n"Oats, rolled","say ""hi"""\r\n\'=cmd,');
  });
});
