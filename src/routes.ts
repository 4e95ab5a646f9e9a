/** The admin's URL space: path URLs under /admin. */
export const ADMIN_BASE = '/admin';
export const ADMIN_LOGIN = `${ADMIN_BASE}/login`;
export const ADMIN_HOME = `${ADMIN_BASE}/dashboard`;

/** Navigation state the login page hands to the admin app so it greets the user once. */
export interface WelcomeState {
  welcome?: boolean;
}
