import { createTheme, ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme } from './theme';

// A vendor's pseudo-element (MUI's ::-moz-placeholder) is valid in that vendor's browser only.
const VENDOR_PSEUDO_ELEMENT = /::-(moz|ms|webkit)-/;

/** Every selector in the page's style sheets, and those no browser can parse. */
function selectors() {
  const all = Array.from(document.styleSheets).flatMap((sheet) =>
    Array.from(sheet.cssRules)
      .filter((rule): rule is CSSStyleRule => 'selectorText' in rule)
      .map((rule) => rule.selectorText),
  );
  const invalid = all.filter((selector) => {
    if (VENDOR_PSEUDO_ELEMENT.test(selector)) return false;
    try {
      document.querySelectorAll(selector);
      return false;
    } catch {
      return true;
    }
  });
  return { count: all.length, invalid };
}

describe('the admin themes write only valid CSS', () => {
  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ] as const)('%s: a filled field, enabled and disabled', (_, theme) => {
    render(
      <ThemeProvider theme={createTheme(theme)}>
        <TextField variant="filled" label="Title" />
        <TextField variant="filled" label="Key" disabled />
      </ThemeProvider>,
    );
    const { count, invalid } = selectors();
    expect(count).toBeGreaterThan(0);
    expect(invalid).toEqual([]);
  });
});
