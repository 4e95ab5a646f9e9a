import { screen, within, type ByRoleMatcher } from '@testing-library/react';

/**
 * A getter for the control with this role and accessible name. The first call searches the page;
 * later calls search only the control's parent while it is still in the document, and the page
 * again once it is not (or no longer has that name there). A role query works out the name of
 * every candidate, and in the test DOM each of those walks every MUI style rule: a form test that asks
 * for its Send button after each keystroke spent a third of its time there.
 */
export function control(role: ByRoleMatcher, name: string): () => HTMLElement {
  let last: HTMLElement | undefined;
  return () => {
    const parent = last?.isConnected ? last.parentElement : null;
    last = (parent && within(parent).queryByRole(role, { name })) || screen.getByRole(role, { name });
    return last;
  };
}
