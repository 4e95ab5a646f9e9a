import {
  applyListQuery,
  cachedOwnerLookup,
  containsCondition,
  dayBoundConditions,
  lowerCaseEqualsConditions,
  hasUserConditions,
  relationshipConditions,
  scoreBandConditions,
  searchConditions,
} from './search';

describe('search builder', () => {
  it('ANDs one OR per word across the searched columns', () => {
    expect(searchConditions('  Masala   oats ', ['name', 'category'])).toEqual([
      'or(name.ilike."*Masala*",category.ilike."*Masala*")',
      'or(name.ilike."*oats*",category.ilike."*oats*")',
    ]);
  });

  it('sends nothing for a blank or missing search', () => {
    expect(searchConditions('', ['name'])).toEqual([]);
    expect(searchConditions('   ', ['name'])).toEqual([]);
    expect(searchConditions(undefined, ['name'])).toEqual([]);
    expect(applyListQuery({ q: ' ', is_favorite: true }, { searchColumns: ['name'] })).toEqual({
      is_favorite: true,
    });
  });

  it("quotes PostgREST's reserved characters so they are plain text", () => {
    expect(containsCondition('name', 'a,b(c).d:e')).toBe('name.ilike."*a,b(c).d:e*"');
    expect(containsCondition('name', 'say"hi"')).toBe('name.ilike."*say\\"hi\\"*"');
  });

  it("escapes LIKE's wildcards and escape character", () => {
    expect(containsCondition('name', '100%')).toBe('name.ilike."*100\\\\%*"');
    expect(containsCondition('name', 'a_b')).toBe('name.ilike."*a\\\\_b*"');
    expect(containsCondition('name', 'back\\slash')).toBe('name.ilike."*back\\\\\\\\slash*"');
  });

  it('matches a word with * through an escaped regex, since PostgREST turns every * of a like into %', () => {
    expect(containsCondition('name', 'a*b.')).toBe('name.imatch."a\\\\*b\\\\."');
  });

  it('puts every condition in one and=() parameter and keeps the other filters', () => {
    expect(
      applyListQuery(
        { q: 'tea', score_band: 'good', is_favorite: true },
        { searchColumns: ['name'], derivedFilters: { score_band: scoreBandConditions } },
      ),
    ).toEqual({
      is_favorite: true,
      'and@': '(or(name.ilike."*tea*"),health_score.gte.60,health_score.lte.79)',
    });
  });

  it('turns score bands, owners and relationships into conditions', () => {
    expect(scoreBandConditions('excellent')).toEqual(['health_score.gte.80', 'health_score.lte.100']);
    expect(scoreBandConditions('poor')).toEqual(['health_score.gte.0', 'health_score.lte.39']);
    expect(scoreBandConditions('na')).toEqual(['health_score.is.null']);
    expect(scoreBandConditions('other')).toEqual([]);
    expect(hasUserConditions(true)).toEqual(['user_id.not.is.null']);
    expect(hasUserConditions(false)).toEqual(['user_id.is.null']);
    expect(relationshipConditions('Mother')).toEqual(['relationship.ilike."Mother"']);
    expect(relationshipConditions('self')).toEqual([
      'or(relationship.is.null,relationship.eq."",relationship.ilike."self")',
    ]);
  });
});

describe('owner email search', () => {
  const A = '00000000-0000-4000-8000-00000000000a';
  const B = '00000000-0000-4000-8000-00000000000b';

  it("adds each word's owners by id, the email column past the cap, nothing when none match", () => {
    expect(searchConditions('priya tea gmail', ['title'], [[A, B], [], null])).toEqual([
      `or(title.ilike."*priya*",user_id.in.("${A}","${B}"))`,
      'or(title.ilike."*tea*")',
      'or(title.ilike."*gmail*",owner_email.ilike."*gmail*")',
    ]);
  });

  it('asks once per search while the answer is fresh, and again after a failure', async () => {
    let clock = 0;
    const asked: string[][] = [];
    let fail = false;
    const lookup = cachedOwnerLookup(
      async (words) => {
        asked.push([...words]);
        if (fail) throw new Error('offline');
        return words.map(() => [A]);
      },
      () => clock,
    );
    expect(await lookup(['priya'])).toEqual([[A]]);
    clock = 29_999;
    expect(await lookup(['priya'])).toEqual([[A]]);
    clock = 30_000;
    fail = true;
    await expect(lookup(['priya'])).rejects.toThrow('offline');
    fail = false;
    expect(await lookup(['priya'])).toEqual([[A]]);
    expect(asked).toEqual([['priya'], ['priya'], ['priya']]);
  });
});

describe('audit log person filter', () => {
  it('matches the lower-cased email exactly, quoted', () => {
    expect(lowerCaseEqualsConditions('actor_email')(' Admin@LabelLens.dev ')).toEqual([
      'actor_email.eq."admin@labellens.dev"',
    ]);
    expect(lowerCaseEqualsConditions('actor_email')('  ')).toEqual([]);
  });
});

describe('audit log date filters', () => {
  it('includes the whole UTC day at both ends', () => {
    expect(dayBoundConditions('occurred_at', 'from')('2024-11-05')).toEqual([
      'occurred_at.gte."2024-11-05T00:00:00.000Z"',
    ]);
    expect(dayBoundConditions('occurred_at', 'to')('2024-11-05')).toEqual([
      'occurred_at.lt."2024-11-06T00:00:00.000Z"',
    ]);
  });

  it.each(['', '2024-13-01', 'yesterday', 5])('drops %j', (value) => {
    expect(dayBoundConditions('occurred_at', 'from')(value)).toEqual([]);
  });
});
