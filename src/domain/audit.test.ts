import { changedFields, formatAuditValue } from './audit';

describe('audit values', () => {
  it.each([
    [null, '—'],
    ['', '—'],
    ['Masala', 'Masala'],
    [true, 'true'],
    [42, '42'],
    [{ a: '1' }, '{"a":"1"}'],
  ])('%j reads %j', (value, text) => {
    expect(formatAuditValue(value)).toBe(text);
  });

  it('lists changed fields by name', () => {
    expect(changedFields({ title: { old: 'a', new: 'b' }, content: { old: 'c', new: 'd' } })).toEqual([
      'content',
      'title',
    ]);
  });
});
