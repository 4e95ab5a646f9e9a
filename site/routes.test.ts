import { counterpartPath, pathFor, PRERENDERED, resolvePath } from './routes';

describe('site routes', () => {
  it.each([
    ['/', 'home', 'en'],
    ['/contact', 'contact', 'en'],
    ['/contact/', 'contact', 'en'],
    ['/privacy-policy', 'privacy', 'en'],
    ['/terms-of-service', 'terms', 'en'],
    ['/hi', 'home', 'hi'],
    ['/hi/', 'home', 'hi'],
    ['/hi/contact', 'contact', 'hi'],
    ['/hi/terms-of-service', 'terms', 'hi'],
    ['/hi/nowhere', 'notFound', 'hi'],
    ['/nowhere', 'notFound', null],
    ['/history', 'notFound', null],
  ])('%s is the %s page in %s', (pathname, page, lang) => {
    expect(resolvePath(pathname)).toEqual({ page, lang, pathname });
  });

  it('names each page in each language and finds its counterpart', () => {
    expect(pathFor('home', 'hi')).toBe('/hi');
    expect(pathFor('privacy', 'hi')).toBe('/hi/privacy-policy');
    expect(counterpartPath(resolvePath('/contact'), 'hi')).toBe('/hi/contact');
    expect(counterpartPath(resolvePath('/hi'), 'en')).toBe('/');
    expect(counterpartPath(resolvePath('/old/page'), 'hi')).toBe('/hi/old/page');
    expect(counterpartPath(resolvePath('/hi/old/page'), 'en')).toBe('/old/page');
  });

  it('prerenders the four pages in both languages', () => {
    expect(PRERENDERED.map(({ page, lang }) => pathFor(page, lang))).toEqual([
      '/',
      '/hi',
      '/contact',
      '/hi/contact',
      '/privacy-policy',
      '/hi/privacy-policy',
      '/terms-of-service',
      '/hi/terms-of-service',
    ]);
  });
});
