import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef } from 'react';
import { useLocaleState, useNotify, useUserMenu } from 'react-admin';
import type { DatabaseClient } from '../domain/database';
import type { AdminLocale } from '../i18n/locales';
import { saveOperatorLocale } from '../providers/operatorLocale';

interface LanguageMenuItemProps {
  client: DatabaseClient;
  locale: AdminLocale;
  /** The language's name in itself ('हिन्दी'), whatever the admin's language. */
  name: string;
}

/**
 * One language of the user menu: shows the admin in it at once and saves it to the operator's
 * account, so their other devices and next sign-ins follow (src/providers/operatorLocale.ts).
 */
export const LanguageMenuItem = forwardRef<HTMLLIElement, LanguageMenuItemProps>(function LanguageMenuItem(
  { client, locale, name, ...props },
  ref,
) {
  const [current, setLocale] = useLocaleState();
  const notify = useNotify();
  const userMenu = useUserMenu();
  const chosen = current === locale;
  const choose = async () => {
    userMenu?.onClose();
    if (chosen) return;
    setLocale(locale);
    if (!(await saveOperatorLocale(client, locale)))
      notify('labellens.language.save_failed', { type: 'warning' });
  };
  return (
    <MenuItem ref={ref} {...props} role="menuitemradio" aria-checked={chosen} lang={locale} onClick={choose}>
      <ListItemIcon>
        {chosen ? <CheckIcon fontSize="small" /> : <TranslateIcon fontSize="small" />}
      </ListItemIcon>
      <ListItemText>{name}</ListItemText>
    </MenuItem>
  );
});
