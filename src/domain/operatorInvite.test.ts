import { checkInvite } from './operatorInvite';

describe('checkInvite', () => {
  it.each([
    [
      { email: ' New.Op@LabelLens.dev ', role: 'editor' },
      { ok: true, invite: { email: 'new.op@labellens.dev', role: 'editor' } },
    ],
    [
      { email: 'not an address', role: 'editor' },
      { ok: false, issue: 'email' },
    ],
    [
      { email: `${'a'.repeat(251)}@x.in`, role: 'editor' },
      { ok: false, issue: 'email' },
    ],
    [{ role: 'editor' }, { ok: false, issue: 'email' }],
    [
      { email: 'op@labellens.dev', role: 'root' },
      { ok: false, issue: 'role' },
    ],
    [{ email: 'op@labellens.dev' }, { ok: false, issue: 'role' }],
    [null, { ok: false, issue: 'incomplete' }],
    [['op@labellens.dev', 'editor'], { ok: false, issue: 'incomplete' }],
  ])('%j', (input, expected) => {
    expect(checkInvite(input)).toEqual(expected);
  });
});
