import fc from 'fast-check';
import qs from 'qs';
import qsCompat from './qsCompat';

// What ra-data-postgrest hands to qs.stringify: flat queries of strings and numbers, and arrays
// where a field has several operators; nested objects and odd values besides, to be sure.
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.string({ unit: 'grapheme' }),
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const value = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(text, scalar, { maxKeys: 3 }),
);
const query = fc.dictionary(text, value, { maxKeys: 6 });

it('stringifies what ra-data-postgrest sends exactly as qs does', () => {
  // Two implementations: vitest does not apply the build's alias, so this is qs itself.
  expect(qsCompat.stringify).not.toBe(qs.stringify);
  const page = {
    select: '*',
    order: 'created_at.desc.nullslast,id.desc',
    offset: 0,
    limit: 25,
    and: '(name.ilike.*amul*,or(category.ilike.*chocolate*,owner_id.in.(a1,b2)))',
    id: ['gte.1', 'lte.5'],
    'tags->>name': 'eq.सोडियम (नमक)',
  };
  expect(qsCompat.stringify(page)).toBe(
    'select=%2A&order=created_at.desc.nullslast%2Cid.desc&offset=0&limit=25' +
      '&and=%28name.ilike.%2Aamul%2A%2Cor%28category.ilike.%2Achocolate%2A%2Cowner_id.in.%28a1%2Cb2%29%29%29' +
      '&id%5B0%5D=gte.1&id%5B1%5D=lte.5' +
      '&tags-%3E%3Ename=eq.%E0%A4%B8%E0%A5%8B%E0%A4%A1%E0%A4%BF%E0%A4%AF%E0%A4%AE%20%28%E0%A4%A8%E0%A4%AE%E0%A4%95%29',
  );
  expect(qsCompat.stringify(page)).toBe(qs.stringify(page));
});

it('agrees with qs on any query of strings, numbers, booleans, nulls, arrays and objects', () => {
  fc.assert(
    fc.property(query, (q) => {
      expect(qsCompat.stringify(q)).toBe(qs.stringify(q));
    }),
    { numRuns: 2000 },
  );
});
