/** Company facts shown on the site (contact page, footer, legal pages). */
export const COMPANY = {
  name: 'LabelLens',
  email: 'support@labellens.app',
  phoneDisplay: '+91 755 426 1180',
  phoneHref: 'tel:+917554261180',
  address: [
    '2nd Floor, Arera Business Park',
    '14 Zone-II, Maharana Pratap Nagar',
    'Bhopal, Madhya Pradesh 462011',
    'India',
  ],
} as const;

export const ANDROID_STORE_URL = 'https://play.google.com/store/apps/details?id=app.labellens';

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/labellensapp', icon: 'facebook' },
  { name: 'Instagram', href: 'https://www.instagram.com/labellens.app/', icon: 'instagram' },
  { name: 'X', href: 'https://x.com/labellensapp', icon: 'x' },
] as const;
