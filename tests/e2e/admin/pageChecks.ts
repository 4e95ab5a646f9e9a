import { expect, type Page } from '@playwright/test';

/** Waits for a toast (or any text) shown exactly so. */
export const toast = (page: Page, text: string) =>
  expect(page.getByText(text, { exact: true })).toBeVisible();

/** Waits until an image whose address matches `src` was fetched and decoded (a broken image has no natural width). */
export const imageLoaded = (page: Page, src: RegExp) =>
  expect
    .poll(() =>
      page.evaluate(
        (pattern) =>
          [...document.querySelectorAll('img')].some(
            (img) => new RegExp(pattern).test(img.currentSrc) && img.complete && img.naturalWidth > 0,
          ),
        src.source,
      ),
    )
    .toBe(true);
