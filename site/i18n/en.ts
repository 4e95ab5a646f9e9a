/** English site strings. `hi.ts` has the same shape (type Messages), checked by the compiler. */
export const en = {
  langName: 'English',
  meta: {
    siteName: 'LabelLens',
    home: {
      title: 'LabelLens: AI food label scanner for healthier packaged food choices',
      description:
        'Scan any packaged food label and get an instant AI health score, ingredient analysis and allergy alerts for your whole family, in English and Hindi.',
    },
    contact: {
      title: 'Contact LabelLens: support, feedback and partnerships',
      description:
        'Write to the LabelLens team in Bhopal: support, feedback and partnership enquiries. We reply Mon-Fri 9:00 AM-6:00 PM IST.',
    },
    privacy: {
      title: 'Privacy Policy | LabelLens',
      description:
        'How LabelLens collects, uses, shares and protects your information, and the choices you have over it.',
    },
    terms: {
      title: 'Terms of Service | LabelLens',
      description: 'The terms that govern your use of the LabelLens app and website.',
    },
    notFound: {
      title: 'Page not found | LabelLens',
      description: 'The page you are looking for does not exist.',
    },
  },
  nav: {
    skip: 'Skip to main content',
    main: 'Main',
    features: 'Features',
    about: 'About',
    contact: 'Contact',
    download: 'Download App',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    language: 'Language',
  },
  store: {
    ios: 'Download for iOS',
    android: 'Get on Android',
    comingSoon: 'Coming soon',
    iosUnavailable: 'The iOS app is coming soon',
  },
  hero: {
    eyebrow: 'AI food label scanner made for India',
    title: 'Protect Yourself from the Packaged Food Pandemic',
    lead: 'Point your phone at any packaged food label. LabelLens reads the ingredients and nutrition facts, flags hidden sugar, salt and allergens, and gives you a clear health score for every member of your family.',
  },
  features: {
    title: 'Everything you need to eat smarter',
    lead: 'One scan tells you what the packet does not say out loud.',
    aiBadge: 'AI Powered',
    cards: [
      {
        title: 'Smart Food Scanning',
        text: 'Scan a label and our AI analyses ingredients, additives and nutrition in seconds, with a health score from 0 to 100 you can understand at a glance.',
      },
      {
        title: 'Family Health Profiles',
        text: 'Add profiles for everyone at home, with their health conditions, allergies and dietary needs, so every scan is judged for the person who will eat it.',
      },
      {
        title: 'Multilingual Support',
        text: 'Use LabelLens in English or Hindi today, with more Indian languages on the way.',
      },
      {
        title: 'Health News & Tips',
        text: 'Short, practical tips and trustworthy food news help you keep learning between scans.',
      },
      {
        title: 'Privacy First',
        text: 'Your health data is encrypted and processed locally on your device wherever possible. We never sell your information.',
      },
      {
        title: 'Fast Results',
        text: 'Answers in the shop aisle, before the product goes into your basket: most scans finish in under three seconds.',
      },
    ],
    ctaTitle: 'Ready to see what is really inside your food?',
    ctaText: 'Download LabelLens free and scan your first label today.',
  },
  about: {
    title: 'Trusted by families across India',
    lead: 'LabelLens is built in Bhopal by a small team of engineers and nutrition experts who believe everyone deserves to understand the food they buy.',
    ratingLabel: 'Rated 5 out of 5',
    testimonials: [
      {
        name: 'Priya Sharma',
        role: 'Mother of two',
        city: 'Mumbai',
        quote:
          'I used to trust the word "healthy" on the front of the packet. Now I scan the back. My children\'s favourite biscuits scored 28, and we have switched to better options together.',
      },
      {
        name: 'Rajesh Verma',
        role: 'Living with type 2 diabetes',
        city: 'Delhi',
        quote:
          'Hidden sugar was my biggest worry. LabelLens shows me the sugar per serving and warns me before I buy. My doctor noticed the difference in three months.',
      },
      {
        name: 'Dr. Ananya Iyer',
        role: 'Clinical nutritionist',
        city: 'Bengaluru',
        quote:
          'I recommend LabelLens to my clients. The ingredient explanations are accurate, and the Hindi support means their parents can use it too.',
      },
    ],
    statsLabel: 'LabelLens in numbers',
    stats: [
      { value: '50K+', label: 'Downloads' },
      { value: '4.8', label: 'App rating' },
      { value: '15K+', label: 'Reviews' },
      { value: '95%+', label: 'Scan accuracy' },
    ],
  },
  footer: {
    tagline: 'AI-powered food label analysis for healthier choices, in English and Hindi.',
    quickLinks: 'Quick Links',
    home: 'Home',
    contact: 'Contact',
    aboutUs: 'About Us',
    features: 'Features',
    legal: 'Legal',
    privacy: 'Privacy Policy',
    terms: 'Terms of Service',
    follow: 'Follow Us',
    newTab: '(opens in a new tab)',
    rights: 'All rights reserved.',
    madeIn: 'Made with care in Bhopal, India.',
  },
  contact: {
    title: 'Get in Touch',
    lead: 'Questions about a scan, feedback on the app or a partnership idea? Write to us and a real person will reply.',
    formTitle: 'Send us a message',
    fields: {
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email',
      subject: 'Subject',
      message: 'Message',
    },
    required: 'All fields are required.',
    honeypot: 'Leave this field empty',
    submit: 'Send Message',
    sending: 'Sending...',
    sentTitle: 'Thank you! Your message has been sent.',
    sentText: 'We reply within one business day, Mon-Fri 9:00 AM-6:00 PM IST.',
    sendAnother: 'Send another message',
    failed:
      'Sorry, we could not send your message. Please check your connection and try again. Everything you typed is still here.',
    limited: (perHour: number) =>
      `You have sent ${perHour} messages in the last hour, the most we accept. Please try again in an hour. Everything you typed is still here.`,
    errors: {
      required: (label: string) => `${label} is required`,
      tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
      invalidEmail: () => 'Please enter a valid email address',
    },
    cardsTitle: 'Other ways to reach us',
    cards: {
      email: 'Email Us',
      phone: 'Call Us',
      address: 'Visit Us',
      hours: 'Business Hours',
      hoursValue: 'Mon-Fri 9:00 AM-6:00 PM IST',
    },
    faqTitle: 'Frequently Asked Questions',
    faq: [
      {
        q: 'How accurate is the food scanning?',
        a: 'LabelLens reads ingredient lists and nutrition tables with 95%+ accuracy. Clear, well-lit photos give the best results, and you can always check the text we read against the label.',
      },
      {
        q: 'Is my health data secure?',
        a: 'Yes. Your profiles and scans are encrypted, and analysis is processed locally on your device wherever possible. We never sell your data.',
      },
      {
        q: 'Which languages does LabelLens support?',
        a: 'English and Hindi are fully supported today, with more Indian languages coming soon.',
      },
    ],
  },
  notFound: {
    title: 'Oops! Page not found',
    text: 'The page you are looking for may have moved or never existed.',
    home: 'Return to Home',
  },
  legal: {
    notice: 'This document is available in English only.',
  },
};

export type Messages = typeof en;
