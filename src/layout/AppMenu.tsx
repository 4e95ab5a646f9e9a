import SecurityIcon from '@mui/icons-material/Security';
import { Logout, Menu, useBasename, useTranslate } from 'react-admin';
import { MENU_ITEMS } from '../resources';
import { SECURITY_PATH } from '../security/EnrolmentGate';
import { mustEnrolSecondFactor, useMfaStatus } from '../security/mfaStatus';

/**
 * The sidebar in the product's order (docs/product-rules.md), then the Logout button. An admin who
 * must first set up an authenticator app sees only Security and Logout (security/EnrolmentGate.tsx).
 */
export function AppMenu() {
  const basename = useBasename();
  const translate = useTranslate();
  const { data } = useMfaStatus();
  if (mustEnrolSecondFactor(data))
    return (
      <Menu>
        <Menu.Item
          to={`${basename}${SECURITY_PATH}`}
          primaryText={translate('labellens.menu.security')}
          leftIcon={<SecurityIcon />}
        />
        <Logout />
      </Menu>
    );
  return (
    <Menu>
      {MENU_ITEMS.map(({ path, label, icon: Icon, badge: Badge }) => (
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
      ))}
      <Logout />
    </Menu>
  );
}
