import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { darkPalette, lightPalette } from './palette';

const INTENTS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const;
const ratio = (a: string, b: string) => Math.round(getContrastRatio(a, b) * 100) / 100;

/** WCAG AA for normal text, computed from the palette's colours so no browser is needed. */
describe('the palette reaches 4.5:1 wherever it carries text', () => {
  it.each([
    ['light', lightPalette, [5.02, 5.47, 5.02, 5.93, 5.02, 4.84]],
    ['dark', darkPalette, [8.61, 7.73, 8.61, 6.45, 8.99, 5.85]],
  ] as const)(
    '%s: text on badges, chips, buttons and the skip link (contrastText on main)',
    (_, palette, expected) => {
      const ratios = INTENTS.map((intent) => ratio(palette[intent].main, palette[intent].contrastText));
      expect(ratios).toEqual(expected);
      for (const r of ratios) expect(r).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each([
    ['light', lightPalette, [4.69, 5.1, 4.69, 5.54, 4.69, 4.52]],
    ['dark', darkPalette, [10.77, 10.07, 10.77, 8.75, 11.23, 6.79]],
  ] as const)('%s: each colour as text on the page background', (_, palette, expected) => {
    const ratios = INTENTS.map((intent) => ratio(palette[intent].main, palette.background.default));
    expect(ratios).toEqual(expected);
    for (const r of ratios) expect(r).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['light', lightPalette, [7.14, 7.61]],
    ['dark', darkPalette, [6.59, 5.78]],
  ] as const)('%s: text on a hovered button (contrastText on dark)', (_, palette, expected) => {
    const ratios = (['primary', 'secondary'] as const).map((intent) =>
      ratio(palette[intent].dark, palette[intent].contrastText),
    );
    expect(ratios).toEqual(expected);
    for (const r of ratios) expect(r).toBeGreaterThanOrEqual(4.5);
  });

  it("light: a focused filled field's label (primary.dark on the field's #f0f0f0)", () => {
    expect(ratio(lightPalette.primary.dark, '#f0f0f0')).toBe(6.27);
  });
});
