/** @jsxImportSource preact */
import { COMPANY } from '../company';
import { Icon, type IconName } from '../components/Icon';
import { ContactForm } from '../contact/ContactForm';
import { useMessages } from '../i18n';
import type { ComponentChildren } from 'preact';

function ContactCard({
  icon,
  title,
  children,
}: {
  icon: IconName;
  title: string;
  children: ComponentChildren;
}) {
  return (
    <li class="card contact-card">
      <span class="feature-icon">
        <Icon name={icon} />
      </span>
      <div>
        <h3>{title}</h3>
        {children}
      </div>
    </li>
  );
}

export function Contact() {
  const t = useMessages();
  return (
    <>
      <section class="page-header" aria-labelledby="contact-title">
        <div class="container">
          <h1 id="contact-title">{t.contact.title}</h1>
          <p class="lead">{t.contact.lead}</p>
        </div>
      </section>
      <div class="container contact-layout">
        <section class="card" aria-labelledby="form-title">
          <h2 id="form-title">{t.contact.formTitle}</h2>
          <ContactForm />
        </section>
        <section aria-labelledby="cards-title">
          <h2 id="cards-title" class="sr-only">
            {t.contact.cardsTitle}
          </h2>
          <ul class="contact-cards">
            <ContactCard icon="mail" title={t.contact.cards.email}>
              <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
            </ContactCard>
            <ContactCard icon="phone" title={t.contact.cards.phone}>
              <a href={COMPANY.phoneHref}>{COMPANY.phoneDisplay}</a>
            </ContactCard>
            <ContactCard icon="pin" title={t.contact.cards.address}>
              <address>
                {COMPANY.name}
                {COMPANY.address.map((line) => (
                  <span key={line}>
                    <br />
                    {line}
                  </span>
                ))}
              </address>
            </ContactCard>
            <ContactCard icon="clock" title={t.contact.cards.hours}>
              <p>{t.contact.cards.hoursValue}</p>
            </ContactCard>
          </ul>
        </section>
      </div>
      <section class="section" aria-labelledby="faq-title">
        <div class="container faq">
          <h2 id="faq-title">{t.contact.faqTitle}</h2>
          {t.contact.faq.map((item) => (
            <details key={item.q}>
              <summary>{item.q}</summary>
              <p>{item.a}</p>
            </details>
          ))}
        </div>
      </section>
    </>
  );
}
