import { COMPANY } from '../../company';
import type { LegalDocument } from './types';

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  effectiveDate: { text: 'April 8, 2024', iso: '2024-04-08' },
  intro: [
    `This Privacy Policy explains how ${COMPANY.name} ("LabelLens", "we", "us" or "our") collects, uses, shares and protects information about you when you use the LabelLens mobile application, this website and related services (together, the "Service"), and the choices you have about that information.`,
    'LabelLens provides food-label analysis, health scores and health tips for general information only. It is not medical advice and does not replace a doctor, dietitian or other qualified health professional.',
  ],
  sections: [
    {
      id: 'collection',
      title: '1. Information We Collect',
      blocks: [
        'We collect information you give us, information collected automatically when you use the Service, and information from third parties:',
        [
          [
            'Account data.',
            'Your name, email address, phone number and password when you create an account, and the health profiles you add for yourself and your family: age, gender, height, weight, health conditions, dietary preferences and restrictions, and allergies.',
          ],
          [
            'Communications.',
            'Messages you send us through the contact form, by email or by phone, your questions to the in-app assistant, and any feedback or survey answers you choose to give.',
          ],
          [
            'Payment information.',
            'Purchases are processed by third-party payment providers (such as Google Play billing). They receive your card or UPI details directly; we receive only a confirmation, the amount and the status of the transaction, never your full card number.',
          ],
          [
            'Device information.',
            'Device model, operating system and version, app version, language setting, unique device and push-notification identifiers, and crash reports.',
          ],
          [
            'Usage data.',
            'The features you use, the products you scan, your favourites, the pages you visit on this website, and the date and time of your activity.',
          ],
          [
            'Location information.',
            'An approximate location (city or region) inferred from your IP address. We do not collect precise GPS location.',
          ],
          [
            'Camera access.',
            'With your permission, the app uses your camera to photograph food labels. Photos are used only to read the label and produce your analysis; you can revoke camera permission at any time in your device settings.',
          ],
        ],
      ],
    },
    {
      id: 'cookies',
      title: '2. Cookies and Similar Technologies',
      blocks: [
        'This website and the Service use cookies, local storage and similar technologies to keep you signed in, remember your preferences (such as your language), keep the Service secure and understand how it is used. Strictly necessary cookies are always active; analytics cookies are used only with your consent where the law requires it.',
        'You can block or delete cookies in your browser settings. If you block strictly necessary cookies, some parts of the Service may not work.',
      ],
    },
    {
      id: 'use',
      title: '3. How We Use Your Information',
      blocks: [
        'We use the information we collect to:',
        [
          'provide, operate and maintain the Service, including scanning labels and calculating health scores;',
          'personalise analyses and recommendations for each health profile you create;',
          'process payments and send receipts, account notices and push notifications you have enabled;',
          'respond to your messages and provide customer support;',
          'send you news, tips and offers, if you have agreed to receive them;',
          'monitor and improve the accuracy, performance and security of the Service, and develop new features;',
          'detect, prevent and address fraud, abuse and technical problems; and',
          'comply with our legal obligations and enforce our Terms of Service.',
        ],
      ],
    },
    {
      id: 'sharing',
      title: '4. How We Share Your Information',
      blocks: [
        'We do not sell your personal information. We share it only as follows:',
        [
          [
            'Service providers.',
            'Companies that host our servers and database, process payments, deliver push notifications and emails, or help us analyse usage, acting on our instructions and under confidentiality obligations.',
          ],
          [
            'Legal requirements.',
            'When we believe in good faith that disclosure is required by law, court order or a government authority, or is needed to protect the rights, property or safety of LabelLens, our users or the public.',
          ],
          [
            'Business transfers.',
            'In connection with a merger, acquisition or sale of assets, in which case this Policy will continue to apply to your information.',
          ],
          ['With your consent.', 'In any other case, only when you ask us to or agree to it.'],
        ],
        'We may share aggregated or de-identified information that cannot reasonably be used to identify you.',
      ],
    },
    {
      id: 'choices',
      title: '5. Your Choices',
      blocks: [
        [
          [
            'Marketing.',
            'You can opt out of marketing emails at any time through the unsubscribe link in each email, and turn off promotional push notifications in the app or your device settings. We will still send you messages about your account and the Service.',
          ],
          [
            'Cookies.',
            'You can control cookies through your browser settings and, where offered, our cookie preferences.',
          ],
          [
            'Access, correction and deletion.',
            `You can view and correct your account and profile data in the app. You can ask us to delete your account and personal data at any time by writing to ${COMPANY.email}; we will do so within 30 days, except for information we must keep by law.`,
          ],
          ['Camera.', 'You can allow or deny camera access in your device settings.'],
        ],
      ],
    },
    {
      id: 'children',
      title: "6. Children's Privacy",
      blocks: [
        'The Service is not directed at children under 13, and we do not knowingly collect personal information from them. A parent or guardian may add a health profile for a child to their own account; that information is controlled by the parent or guardian. If you believe a child under 13 has given us personal information, please contact us and we will delete it.',
      ],
    },
    {
      id: 'transfers',
      title: '7. International Data Transfers',
      blocks: [
        'We are based in India. Our service providers may store and process information in other countries whose data protection laws may differ from those of your country. When we transfer information outside India, we take steps required by applicable law, such as contractual safeguards, to protect it as described in this Policy.',
      ],
    },
    {
      id: 'security',
      title: '8. Data Security',
      blocks: [
        'We protect your information with encryption in transit and at rest, access controls that limit who can see it, and regular security reviews. Wherever possible, label analysis is processed locally on your device. No method of transmission or storage is completely secure, so we cannot guarantee absolute security; please keep your password confidential and tell us at once if you suspect unauthorised access to your account.',
      ],
    },
    {
      id: 'changes',
      title: '9. Changes to This Policy',
      blocks: [
        'We may update this Privacy Policy from time to time. We will change the effective date above and, for material changes, notify you in the app or by email before they take effect. Your continued use of the Service after a change means you accept the updated Policy.',
      ],
    },
    {
      id: 'contact',
      title: '10. Contact Us',
      blocks: [
        'If you have any questions about this Privacy Policy or how we handle your information, contact us:',
        [
          ['Email:', COMPANY.email],
          ['Phone:', COMPANY.phoneDisplay],
          ['Post:', `${COMPANY.name}, ${COMPANY.address.join(', ')}`],
        ],
      ],
    },
  ],
};
