import { Typography } from '@mui/material';
import { Logout, AppBar as RaAppBar, TitlePortal, useGetIdentity, UserMenu, useTranslate } from 'react-admin';
import { PaletteButton } from '../commandPalette';
import { SecurityMenuItem } from '../security/SecurityMenuItem';

/** The header: the product's admin title, then the current page's title. */
export function AppBar() {
  const translate = useTranslate();
  // The user menu's button shows the signed-in email; its accessible name is that same text
  // (react-admin names it "Profile", which a voice-control user cannot guess from the screen).
  const { identity } = useGetIdentity();
  return (
    <RaAppBar
      color="primary"
      userMenu={
        <UserMenu label={identity?.fullName}>
          <SecurityMenuItem />
          <Logout />
        </UserMenu>
      }
    >
      {/* On a phone the bar also holds search, theme, refresh and the user menu: the title gets a
          smaller size and, narrower still, shortens itself rather than push the user menu off screen. */}
      <Typography
        variant="h6"
        component="span"
        sx={{
          fontWeight: 700,
          mr: 2,
          whiteSpace: 'nowrap',
          fontSize: { xs: '1rem', sm: '1.25rem' },
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {translate('labellens.app.title')}
      </Typography>
      <TitlePortal variant="subtitle1" />
      <PaletteButton />
    </RaAppBar>
  );
}
