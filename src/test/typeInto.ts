import type userEvent from '@testing-library/user-event';

/** Types text into a field at once (as a paste): key-by-key typing is slow in the test DOM. */
export async function typeInto(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
