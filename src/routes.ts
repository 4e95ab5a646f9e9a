/** The admin's URL space: path URLs under /admin. */
export const ADMIN_BASE = '/admin';
export const ADMIN_LOGIN = `${ADMIN_BASE}/login`;
export const ADMIN_HOME = `${ADMIN_BASE}/dashboard`;

/** Navigation state the login page hands to the admin app so it greets the user once. */
export interface WelcomeState {
  welcome?: boolean;
}

/** A person's page below /admin (src/users/PersonPage.tsx): the one address every link to a person uses. */
export const personPath = (userId: string) => `/users/${userId}`;

/** The notification composer below /admin, prefilled with one recipient (the page reads `?to=`). */
export const composeTo = (userId: string) => `/notifications?${new URLSearchParams({ to: userId })}`;
