/** The admin's URL space: path URLs under /admin. */
export const ADMIN_BASE = '/admin';
export const ADMIN_LOGIN = `${ADMIN_BASE}/login`;
export const ADMIN_HOME = `${ADMIN_BASE}/dashboard`;
export const ADMIN_FORGOT_PASSWORD = `${ADMIN_BASE}/forgot-password`;
export const ADMIN_SET_PASSWORD = `${ADMIN_BASE}/set-password`;

/**
 * The signed-out pages, which run without the admin app (src/main.tsx); the build gives them an HTML
 * of their own that does not preload the app (scripts/adminChunks.ts).
 */
export const SIGNED_OUT_PATHS = [ADMIN_LOGIN, ADMIN_FORGOT_PASSWORD, ADMIN_SET_PASSWORD] as const;

/** Navigation state the login page hands to the admin app so it greets the user once. */
export interface WelcomeState {
  welcome?: boolean;
}

/** A person's page below /admin (src/resources/users/PersonPage.tsx): the one address every link to a person uses. */
export const personPath = (userId: string) => `/users/${userId}`;

/** The notification composer below /admin, prefilled with one recipient (the page reads `?to=`). */
export const composeTo = (userId: string) => `/notifications?${new URLSearchParams({ to: userId })}`;
