import { COMPANY } from '../../company';
import type { LegalDocument } from './types';

export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  effectiveDate: { text: 'April 8, 2024', iso: '2024-04-08' },
  intro: [
    `These Terms of Service ("Terms") are an agreement between you and ${COMPANY.name} ("LabelLens", "we", "us" or "our") and govern your use of the LabelLens mobile application, this website and related services (together, the "Service"). By creating an account or using the Service, you agree to these Terms. If you do not agree, do not use the Service.`,
  ],
  sections: [
    {
      id: 'overview',
      title: '1. Service Overview',
      blocks: [
        'LabelLens lets you scan packaged-food labels and receive an AI-generated analysis of ingredients and nutrition, health scores, allergen alerts, personalised health profiles for you and your family, and health news and tips, in English and Hindi.',
        'The Service is for general information only. It is not medical advice and is not a substitute for professional diagnosis, treatment or dietary advice. Always consult a doctor or other qualified health professional about your health, and always read the product label yourself, especially if you have an allergy.',
      ],
    },
    {
      id: 'eligibility',
      title: '2. Eligibility',
      blocks: [
        'You must be at least 18 years old, and able to form a binding contract under the Indian Contract Act, 1872, to create an account and use the Service. You may add health profiles for children and other family members in your care, and you are responsible for the information you add about them.',
      ],
    },
    {
      id: 'accounts',
      title: '3. Accounts',
      blocks: [
        'You must give accurate and complete information when you register and keep it up to date. You are responsible for keeping your password confidential and for all activity under your account. Tell us at once at ' +
          COMPANY.email +
          ' if you suspect unauthorised use. We may suspend or close accounts that break these Terms.',
      ],
    },
    {
      id: 'payments',
      title: '4. Payments',
      blocks: [
        'Some features may require a paid plan. Prices are shown in the app before you buy and include applicable taxes unless stated otherwise. Payments are processed by third-party providers such as Google Play, under their terms.',
        'All payments are non-refundable, except where a refund is required by applicable law or by the rules of the store through which you paid. Subscriptions renew automatically until you cancel them in your store account; cancellation takes effect at the end of the current billing period.',
      ],
    },
    {
      id: 'licence',
      title: '5. Licence',
      blocks: [
        'Subject to these Terms, we grant you a personal, limited, non-exclusive, non-transferable and revocable licence to install and use the LabelLens app on devices you own or control, for your own non-commercial use.',
      ],
    },
    {
      id: 'ip',
      title: '6. Intellectual Property',
      blocks: [
        'The Service, including its software, design, text, graphics, databases, health-scoring methods and the LabelLens name and logo, is owned by LabelLens or its licensors and protected by intellectual property laws. Except for the licence above, these Terms give you no right to use them.',
      ],
    },
    {
      id: 'user-content',
      title: '7. User Content',
      blocks: [
        'You keep ownership of the photos, profile information, questions and other content you submit ("User Content"). You grant us a worldwide, royalty-free licence to host, process and use your User Content only to provide and improve the Service. You confirm that you have the right to submit it and that it does not infringe anyone else\'s rights.',
      ],
    },
    {
      id: 'acceptable-use',
      title: '8. Acceptable Use',
      blocks: [
        'You agree not to:',
        [
          'use the Service for any unlawful purpose or in breach of these Terms;',
          'copy, modify, reverse engineer or resell the Service, except as the law expressly allows;',
          'scrape, crawl or collect data from the Service by automated means;',
          'interfere with or disrupt the Service, its security or the networks connected to it;',
          'upload malware or content that is unlawful, harmful, abusive or infringing; or',
          'impersonate any person or misrepresent your affiliation with anyone.',
        ],
      ],
    },
    {
      id: 'third-parties',
      title: '9. Third-Party Services',
      blocks: [
        'The Service may contain links to, or rely on, services provided by third parties, such as app stores, payment processors and news sources. We do not control them and are not responsible for their content, policies or practices; your use of them is governed by their own terms.',
      ],
    },
    {
      id: 'disclaimers',
      title: '10. Disclaimers',
      blocks: [
        'The Service is provided "as is" and "as available". Label analysis depends on the quality of the photo and on the information printed by the manufacturer, and may be incomplete or inaccurate. To the fullest extent permitted by law, we disclaim all warranties, express or implied, including warranties of accuracy, fitness for a particular purpose and non-infringement.',
        'LabelLens is not a medical service. Nothing in the Service is medical advice, and you should not rely on it to make medical or allergy-related decisions without checking the label and consulting a qualified professional.',
      ],
    },
    {
      id: 'liability',
      title: '11. Limitation of Liability',
      blocks: [
        'To the fullest extent permitted by law, LabelLens will not be liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of data, profits or goodwill, arising from your use of the Service. Our total liability for any claim relating to the Service is limited to the amount you paid us in the 12 months before the claim arose, or INR 1,000 if you have paid nothing.',
      ],
    },
    {
      id: 'arbitration',
      title: '12. Governing Law and Arbitration',
      blocks: [
        'These Terms are governed by the laws of India. Any dispute arising out of or in connection with these Terms or the Service will first be discussed in good faith for 30 days. If it is not resolved, it will be finally settled by arbitration by a sole arbitrator under the Arbitration and Conciliation Act, 1996. The seat and venue of arbitration will be Bhopal, Madhya Pradesh, and the proceedings will be in English. Subject to this, the courts at Bhopal have exclusive jurisdiction.',
      ],
    },
    {
      id: 'changes',
      title: '13. Changes to These Terms',
      blocks: [
        'We may change these Terms from time to time. We will update the effective date above and, for material changes, notify you in the app or by email before they take effect. If you continue to use the Service after the changes take effect, you accept the new Terms.',
      ],
    },
    {
      id: 'contact',
      title: '14. Contact Us',
      blocks: [
        'Questions about these Terms? Contact us:',
        [
          ['Email:', COMPANY.email],
          ['Phone:', COMPANY.phoneDisplay],
          ['Post:', `${COMPANY.name}, ${COMPANY.address.join(', ')}`],
        ],
      ],
    },
  ],
};
