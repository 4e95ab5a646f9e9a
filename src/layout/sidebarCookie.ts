import { SIDEBAR } from './sidebarConfig';

/** The desktop sidebar's open state as remembered in the `sidebar_state` cookie, if any. */
export function readSidebarCookie(): boolean | undefined {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${SIDEBAR.cookieName}=`));
  const value = entry?.slice(SIDEBAR.cookieName.length + 1);
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

export function writeSidebarCookie(open: boolean): void {
  document.cookie = `${SIDEBAR.cookieName}=${open}; path=/admin; max-age=${SIDEBAR.cookieMaxAgeSeconds}; SameSite=Lax`;
}
