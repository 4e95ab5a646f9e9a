import { Alert, Button, IconButton, Snackbar } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useState, useSyncExternalStore } from 'react';
import { lookup } from '../i18n/lookup';
import { newVersion } from './newVersion';

const subscribeToConnection = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};
const isOnline = () => navigator.onLine;

/**
 * What every admin page says about the page itself, above whatever screen it shows: that the
 * browser is offline (the service worker still opens the admin's pages it kept), or that the page
 * was opened from the kept copy and the server has a newer one (src/serviceWorker/sw.ts).
 */
export function PageNotices() {
  const online = useSyncExternalStore(subscribeToConnection, isOnline);
  const outdated = useSyncExternalStore(newVersion.subscribe, newVersion.get);
  // It covers the app bar on a phone: the operator may finish what they are doing first.
  const [dismissed, setDismissed] = useState(false);
  if (!online)
    return (
      <Snackbar open anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
        {/* The standard (light) warning: white text on the filled one's orange fails WCAG AA contrast. */}
        <Alert severity="warning" sx={{ boxShadow: 6 }}>
          {lookup('labellens.page_notices.offline')}
        </Alert>
      </Snackbar>
    );
  return (
    <Snackbar
      open={outdated && !dismissed}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      message={lookup('labellens.page_notices.new_version')}
      action={
        <>
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {lookup('labellens.page_notices.reload')}
          </Button>
          <IconButton
            color="inherit"
            size="small"
            aria-label={lookup('labellens.page_notices.dismiss')}
            onClick={() => setDismissed(true)}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    />
  );
}
