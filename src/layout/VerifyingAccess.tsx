import { useTranslate } from 'react-admin';
import { FullPageWait } from './FullPageWait';

/** The access guard's wait (react-admin's `loading` page while checkAuth runs). */
export function VerifyingAccess() {
  return <FullPageWait message={useTranslate()('labellens.auth.verifying')} />;
}
