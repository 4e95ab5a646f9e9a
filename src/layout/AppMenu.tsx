import SecurityIcon from '@mui/icons-material/Security';
import { Logout, Menu, useBasename, usePermissions, useTranslate } from 'react-admin';
import type { OperatorRole } from '../domain/operatorRoles';
import { canOperate, MENU_ITEMS } from '../resources';
import { securityPage } from '../security';
import { mustEnrolSecondFactor, useMfaStatus } from '../security/mfaStatus';

/**
 * The sidebar in the product's order (docs/product-rules.md), then the Logout button. An admin who
 * must first set up an authenticator app sees only Security and Logout (security/EnrolmentGate.tsx).
 * Entries the operator's role cannot open are absent (each screen's `access`).
 */
export function AppMenu() {
  const basename = useBasename();
  const translate = useTranslate();
  const { data, isPending } = useMfaStatus();
  const { permissions: role, isPending: rolePending } = usePermissions<OperatorRole | null>();
  // Nothing until the status and the role are known: the full menu's badges read admin data, which
  // the database refuses (403, then a sign-out) to an admin who must enrol first. An empty list of
  // entries, not no children: without children react-admin paints its default menu of every resource.
  if (isPending || rolePending) return <Menu>{[]}</Menu>;
  if (mustEnrolSecondFactor(data))
    return (
      <Menu>
        <Menu.Item
          to={`${basename}${securityPage.path}`}
          primaryText={translate('labellens.menu.security')}
          leftIcon={<SecurityIcon />}
        />
        <Logout />
      </Menu>
    );
  return (
    <Menu>
      {MENU_ITEMS.filter(({ path }) => canOperate(role ?? null, path.slice(1), 'list')).map(
        ({ path, label, icon: Icon, badge: Badge }) => (
          <Menu.Item
            key={path}
            to={`${basename}${path}`}
            primaryText={
              Badge ? (
                <>
                  {translate(label)}
                  <Badge />
                </>
              ) : (
                translate(label)
              )
            }
            leftIcon={<Icon />}
          />
        ),
      )}
      <Logout />
    </Menu>
  );
}
