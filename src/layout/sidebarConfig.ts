/** Sidebar and breakpoint constants (sizes in rem at the browser's default 16 px). */
export const SIDEBAR = {
  widthRem: 16,
  iconWidthRem: 3,
  mobileWidthRem: 18,
  mobileBreakpointPx: 768,
  cookieName: 'sidebar_state',
  cookieMaxAgeSeconds: 60 * 60 * 24 * 7,
  /** react-admin's store key for the sidebar's open state. */
  storeKey: 'sidebar.open',
} as const;

export const REM_PX = 16;

export function isMobileViewport(): boolean {
  // matchMedia is missing in some embedded browsers (and jsdom): treat those as desktop.
  return window.matchMedia?.(`(max-width: ${SIDEBAR.mobileBreakpointPx - 0.02}px)`).matches ?? false;
}
