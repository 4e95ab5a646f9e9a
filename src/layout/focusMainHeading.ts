/**
 * Moves focus to the page's main heading (the `h1` inside react-admin's `#main-content`), made
 * focusable by script only. Used when the control that had focus is gone: a deleted row's Delete
 * button, a bulk toolbar that hid itself, a form that was sent and cleared. Returns whether it moved.
 */
export function focusMainHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('#main-content h1');
  if (!heading) return false;
  heading.tabIndex = -1;
  heading.focus();
  return document.activeElement === heading;
}

/** Whether focus fell to the page body (or to an element no longer in the page). */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** Puts focus on the main heading only when it was lost, so a keyboard user is not sent back to the top. */
export function rescueFocus(): void {
  if (focusIsLost()) focusMainHeading();
}
