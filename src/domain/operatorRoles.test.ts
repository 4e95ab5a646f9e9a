import { everyActionFor, isOperatorRole, operatorCan, PUSH_ROLES, READ, type AccessTable } from './operatorRoles';

describe('operatorCan', () => {
  const access: AccessTable = { news: { owner: '*', support: READ }, trash: { editor: [...READ, 'restore'] } };

  it.each([
    ['owner', 'news', 'delete', true],
    ['support', 'news', 'show', true],
    ['support', 'news', 'edit', false],
    ['editor', 'news', 'list', false],
    ['editor', 'trash', 'restore', true],
    ['editor', 'trash', 'delete', false],
    ['support', 'news.title', 'read', true],
    ['owner', 'unknown-screen', 'list', false],
  ] as const)('%s on %s (%s): %s', (role, resource, action, expected) => {
    expect(operatorCan(access, role, resource, action)).toBe(expected);
  });

  it('lets a non-operator do nothing', () => {
    expect(operatorCan(access, null, 'news', 'list')).toBe(false);
  });

  it('knows the three roles and who pushes', () => {
    expect(['owner', 'editor', 'support', 'admin', null].map(isOperatorRole)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(PUSH_ROLES).toEqual(['owner', 'support']);
    expect(everyActionFor(PUSH_ROLES)).toEqual({ owner: '*', support: '*' });
  });
});
