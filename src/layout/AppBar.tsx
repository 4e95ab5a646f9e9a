import { Typography } from '@mui/material';
import { Logout, AppBar as RaAppBar, TitlePortal, UserMenu, useTranslate } from 'react-admin';
import { SecurityMenuItem } from '../security/SecurityMenuItem';

/** The header: the product's admin title, then the current page's title. */
export function AppBar() {
  const translate = useTranslate();
  return (
    <RaAppBar
      color="primary"
      userMenu={
        <UserMenu>
          <SecurityMenuItem />
          <Logout />
        </UserMenu>
      }
    >
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, mr: 2, whiteSpace: 'nowrap' }}>
        {translate('labellens.app.title')}
      </Typography>
      <TitlePortal variant="subtitle1" />
    </RaAppBar>
  );
}
