import SecurityIcon from '@mui/icons-material/Security';
import { forwardRef } from 'react';
import { MenuItemLink, useBasename, useTranslate, useUserMenu } from 'react-admin';
import { securityPage } from '.';

/** The user menu's way to the Security page. */
export const SecurityMenuItem = forwardRef<HTMLAnchorElement>(function SecurityMenuItem(props, ref) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const basename = useBasename();
  return (
    <MenuItemLink
      ref={ref}
      {...props}
      to={`${basename}${securityPage.path}`}
      primaryText={translate('labellens.menu.security')}
      leftIcon={<SecurityIcon />}
      onClick={() => userMenu?.onClose()}
    />
  );
});
