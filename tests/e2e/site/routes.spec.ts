import { expect, test } from '@playwright/test';

const ANDROID_URL = 'https://play.google.com/store/apps/details?id=app.labellens';

const PAGES = [
  {
    path: '/',
    h1: 'Protect Yourself from the Packaged Food Pandemic',
    title: /^LabelLens: AI food label scanner/,
  },
  { path: '/contact', h1: 'Get in Touch', title: /^Contact LabelLens/ },
  { path: '/privacy-policy', h1: 'Privacy Policy', title: 'Privacy Policy | LabelLens' },
  { path: '/terms-of-service', h1: 'Terms of Service', title: 'Terms of Service | LabelLens' },
];

test.describe('public routes', () => {
  for (const { path, h1, title } of PAGES) {
    test(`${path} answers 200 with its own heading, title, description and canonical URL`, async ({
      page,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `https://labellens.app${path}`,
      );
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }

  test('the landing page has the navigation, hero, six features, testimonials, stats and footer', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '#about');
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Download App' })).toHaveAttribute(
      'href',
      ANDROID_URL,
    );

    const hero = page.locator('.hero');
    await expect(hero.getByRole('link', { name: 'Get on Android' })).toHaveAttribute('href', ANDROID_URL);
    const ios = hero.getByRole('button', { name: /Download for iOS/ });
    await expect(ios).toBeDisabled();
    await expect(ios).toContainText('Coming soon');

    const features = page.locator('#features');
    await expect(features.locator('.feature-card h3')).toHaveText([
      'Smart Food Scanning',
      'Family Health Profiles',
      'Multilingual Support',
      'Health News & Tips',
      'Privacy First',
      'Fast Results',
    ]);
    await expect(features.locator('.feature-card').first()).toContainText('AI Powered');
    await expect(features.locator('.cta')).toContainText('Ready to see what is really inside your food?');

    const about = page.locator('#about');
    await expect(about.locator('figcaption strong')).toHaveText([
      'Priya Sharma',
      'Rajesh Verma',
      'Dr. Ananya Iyer',
    ]);
    await expect(about.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(3);
    await expect(about.locator('.stats dd')).toHaveText(['50K+', '4.8', '15K+', '95%+']);

    const footer = page.getByRole('contentinfo');
    const quick = footer.getByRole('navigation', { name: 'Quick Links' });
    for (const [name, href] of [
      ['Home', '/'],
      ['Contact', '/contact'],
      ['About Us', '/#about'],
      ['Features', '/#features'],
    ]) {
      await expect(quick.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const legal = footer.getByRole('navigation', { name: 'Legal' });
    await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    await expect(legal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    const social = footer.locator('.social a');
    await expect(social).toHaveCount(3);
    for (const link of await social.all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test('the contact page has the form, the contact cards and the FAQ', async ({ page }) => {
    await page.goto('/contact');
    for (const [label, name] of [
      ['First Name', 'firstName'],
      ['Last Name', 'lastName'],
      ['Email', 'email'],
      ['Subject', 'subject'],
      ['Message', 'message'],
    ]) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('name', name);
    }
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expect(page.getByRole('link', { name: 'support@labellens.app' })).toHaveAttribute(
      'href',
      'mailto:support@labellens.app',
    );
    await expect(page.getByRole('link', { name: /^\+91 / })).toHaveAttribute('href', /^tel:\+91\d{10}$/);
    await expect(page.locator('address')).toContainText('Bhopal, Madhya Pradesh');
    await expect(page.getByText('Mon-Fri 9:00 AM-6:00 PM IST')).toBeVisible();

    const faq = page.locator('.faq summary');
    await expect(faq).toHaveText([
      'How accurate is the food scanning?',
      'Is my health data secure?',
      'Which languages does LabelLens support?',
    ]);
    await faq.first().click();
    await expect(page.getByText(/95%\+ accuracy/)).toBeVisible();
  });

  test('the privacy policy is effective April 8, 2024 and has every section', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByText('Effective date: April 8, 2024')).toBeVisible();
    await expect(page.locator('article section h2')).toHaveText([
      '1. Information We Collect',
      '2. Cookies and Similar Technologies',
      '3. How We Use Your Information',
      '4. How We Share Your Information',
      '5. Your Choices',
      "6. Children's Privacy",
      '7. International Data Transfers',
      '8. Data Security',
      '9. Changes to This Policy',
      '10. Contact Us',
    ]);
    const text = await page.locator('article').innerText();
    for (const fact of [
      'dietary preferences',
      'allergies',
      'Camera access',
      'IP address',
      'under 13',
      'not medical advice',
    ]) {
      expect(text).toContain(fact);
    }
  });

  test('the terms of service have 14 numbered sections with the key facts', async ({ page }) => {
    await page.goto('/terms-of-service');
    const headings = page.locator('article section h2');
    await expect(headings).toHaveCount(14);
    const titles = await headings.allInnerTexts();
    titles.forEach((title, index) => expect(title).toMatch(new RegExp(`^${index + 1}\\. `)));
    const text = await page.locator('article').innerText();
    for (const fact of [
      'at least 18 years old',
      'non-refundable',
      'Bhopal',
      'arbitration',
      'not medical advice',
    ]) {
      expect(text).toContain(fact);
    }
  });

  test('an unknown path answers 404 with the not-found page and logs the path', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    const response = await page.goto('/no-such-page?from=test');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Oops! Page not found');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect.poll(() => logged.find((line) => line.includes('/no-such-page'))).toBeTruthy();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Protect Yourself from the Packaged Food Pandemic',
    );
  });

  test('robots.txt, sitemap.xml and the favicon are served', async ({ request }) => {
    expect(await (await request.get('/robots.txt')).text()).toContain(
      'Sitemap: https://labellens.app/sitemap.xml',
    );
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of ['/', '/contact', '/privacy-policy', '/terms-of-service', '/hi', '/hi/contact']) {
      expect(sitemap).toContain(`<loc>https://labellens.app${path}</loc>`);
    }
    expect((await request.get('/favicon.svg')).headers()['content-type']).toContain('image/svg+xml');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, h1 } of PAGES) {
    test(`${path} is readable as prerendered HTML`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.getByRole('contentinfo')).toContainText('Privacy Policy');
    });
  }

  test('the Hindi landing page is prerendered with lang="hi"', async ({ page }) => {
    await page.goto('/hi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('पैकेटबंद खाने की महामारी से खुद को बचाएँ');
  });
});
