import { isOperatorRole, operatorCan, PUSH_ROLES } from './operatorRoles';

describe('operatorCan', () => {
  it.each([
    ['owner', 'scans', 'list', true],
    ['support', 'scans', 'show', true],
    ['support', 'scans', 'delete', false],
    ['editor', 'scans', 'list', false],
    ['editor', 'users', 'list', false],
    ['editor', 'news', 'create', true],
    ['editor', 'health-tips', 'delete', true],
    ['support', 'news', 'list', true],
    ['support', 'news', 'edit', false],
    ['support', 'tags', 'create', false],
    ['editor', 'contact-messages', 'list', false],
    ['support', 'contact-messages', 'edit', true],
    ['editor', 'notifications', 'list', false],
    ['support', 'notifications', 'create', true],
    ['editor', 'audit-log', 'list', true],
    ['support', 'team', 'list', false],
    ['editor', 'team', 'list', false],
    ['owner', 'team', 'edit', true],
    ['editor', 'dashboard', 'list', true],
    ['editor', 'news.title', 'read', true],
    ['editor', 'scans.name', 'read', false],
    ['owner', 'unknown-screen', 'list', false],
  ] as const)('%s on %s (%s): %s', (role, resource, action, expected) => {
    expect(operatorCan(role, resource, action)).toBe(expected);
  });

  it('lets a non-operator do nothing', () => {
    expect(operatorCan(null, 'dashboard', 'list')).toBe(false);
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
  });
});
