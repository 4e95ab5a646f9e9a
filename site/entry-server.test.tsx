import { renderPage } from './entry-server';

describe('server render', () => {
  it('renders the landing page with its head for the given site URL', () => {
    const { html, head } = renderPage('/', 'https://example.org/');
    expect(html).toContain('<h1 id="hero-title">Protect Yourself from the Packaged Food Pandemic</h1>');
    expect(head).toEqual({
      lang: 'en',
      title: 'LabelLens: AI food label scanner for healthier packaged food choices',
      description: expect.stringMatching(/^Scan any packaged food label/),
      canonical: 'https://example.org/',
      alternates: [
        { hreflang: 'en', href: 'https://example.org/' },
        { hreflang: 'hi', href: 'https://example.org/hi' },
        { hreflang: 'x-default', href: 'https://example.org/' },
      ],
      ogLocale: 'en_IN',
    });
  });

  it('renders Hindi pages in Hindi, and legal text in English under a Hindi notice', () => {
    const contact = renderPage('/hi/contact', 'https://labellens.app');
    expect(contact.head.lang).toBe('hi');
    expect(contact.head.canonical).toBe('https://labellens.app/hi/contact');
    expect(contact.html).toContain('हमसे संपर्क करें');
    expect(contact.html).toContain('संदेश भेजें');

    const privacy = renderPage('/hi/privacy-policy', 'https://labellens.app');
    expect(privacy.html).toContain('अंग्रेज़ी पाठ ही मान्य होगा');
    expect(privacy.html).toContain('<div lang="en"><h1 id="legal-title">Privacy Policy</h1>');
  });

  it('renders the not-found page without a canonical URL', () => {
    const { html, head } = renderPage('/404', 'https://labellens.app');
    expect(html).toContain('Oops! Page not found');
    expect(html).toContain('href="/">Return to Home</a>');
    expect(head.canonical).toBeNull();
    expect(head.alternates).toEqual([]);
  });
});
