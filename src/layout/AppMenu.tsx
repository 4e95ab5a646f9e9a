import { Logout, Menu, useBasename, useTranslate } from 'react-admin';
import { MENU_ITEMS } from '../resources';

/** The sidebar in the product's order (docs/product-rules.md), then the Logout button. */
export function AppMenu() {
  const basename = useBasename();
  const translate = useTranslate();
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
