import { Typography } from '@mui/material';
import {
  LoadingIndicator,
  Logout,
  AppBar as RaAppBar,
  TitlePortal,
  ToggleThemeButton,
  useGetIdentity,
  UserMenu,
  useTranslate,
} from 'react-admin';
import { PaletteButton } from '../commandPalette';
import { LOCALES } from '../i18n/locales';
import { supabaseClient } from '../providers';
import { SecurityMenuItem } from '../security/SecurityMenuItem';
import { LanguageMenuItem } from './LanguageMenuItem';

/** The header: the product's admin title, then the current page's title. */
export function AppBar() {
  const translate = useTranslate();
  // The user menu's button shows the signed-in email; its accessible name is that same text
  // (react-admin names it "Profile", which a voice-control user cannot guess from the screen).
  const { identity } = useGetIdentity();
  return (
    <RaAppBar
      color="primary"
      // react-admin's toolbar without its language button: the languages are in the user menu,
      // where choosing one also saves it to the operator's account.
      toolbar={
        <>
          <ToggleThemeButton />
          <LoadingIndicator />
        </>
      }
      userMenu={
        <UserMenu label={identity?.fullName}>
          <SecurityMenuItem />
          {LOCALES.map(({ locale, name }) => (
            <LanguageMenuItem key={locale} client={supabaseClient} locale={locale} name={name} />
          ))}
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
