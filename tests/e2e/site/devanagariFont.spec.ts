import { expect, test, type Page } from '@playwright/test';

/**
 * Hindi renders with the site's own Devanagari subset, so a machine without a Devanagari font (this
 * one, and most desktop Linux installs) shows letters, not empty boxes. Chromium reports which font
 * drew each element's text (DevTools `CSS.getPlatformFontsForNode`): every element with Devanagari
 * text must be drawn by a web font named as the subset's source names itself (this machine has no
 * installed font of that name, so it can only be the self-hosted file).
 */
const DEVANAGARI = /[\u0900-\u097F]/;
const SELF_HOSTED = 'Noto Sans Devanagari (web font)';

async function fontsOfDevanagariText(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const report: { text: string; fonts: string[] }[] = [];
  type DomNode = typeof root;
  const visit = async (node: DomNode) => {
    const ownText = (node.children ?? [])
      .filter((child) => child.nodeType === 3)
      .map((child) => child.nodeValue)
      .join('');
    if (
      node.nodeType === 1 &&
      DEVANAGARI.test(ownText) &&
      !['TITLE', 'SCRIPT', 'STYLE'].includes(node.nodeName)
    ) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: node.nodeId });
      // No font at all: the element is not rendered (the closed phone menu's copy of the links).
      if (fonts.length > 0)
        report.push({
          text: ownText.trim(),
          fonts: fonts.map((font) => `${font.familyName}${font.isCustomFont ? ' (web font)' : ''}`),
        });
    }
    for (const child of node.children ?? []) await visit(child);
  };
  await visit(root);
  return report;
}

for (const path of ['/hi', '/hi/contact', '/']) {
  test(`Devanagari on ${path} is drawn by the self-hosted font`, async ({ page }) => {
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);
    const report = await fontsOfDevanagariText(page);
    // The English landing page has one Devanagari word, the language switch's "हिन्दी".
    expect(report.length).toBeGreaterThan(path === '/' ? 0 : 20);
    const notSelfHosted = report.filter(({ fonts }) => !fonts.includes(SELF_HOSTED));
    expect(notSelfHosted).toEqual([]);
  });
}

test('the Hindi pages preload the font and the files are served as fonts', async ({ page, request }) => {
  await page.goto('/hi');
  const hrefs = await page
    .locator('link[rel="preload"][as="font"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs).toHaveLength(2);
  for (const href of hrefs) {
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('font/woff2');
  }
});
