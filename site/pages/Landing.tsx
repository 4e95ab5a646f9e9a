/** @jsxImportSource preact */
import { Icon, type IconName } from '../components/Icon';
import { StoreButtons } from '../components/StoreButtons';
import { useMessages } from '../i18n';

// Same order as the feature cards in the message catalogues.
const FEATURE_ICONS: IconName[] = ['scan', 'users', 'globe', 'book', 'shield', 'zap'];

export function Landing() {
  const t = useMessages();
  return (
    <>
      <section class="hero" aria-labelledby="hero-title">
        <div class="container hero-inner">
          <p class="eyebrow">{t.hero.eyebrow}</p>
          <h1 id="hero-title">{t.hero.title}</h1>
          <p class="lead">{t.hero.lead}</p>
          <StoreButtons />
        </div>
      </section>

      <section id="features" class="section" aria-labelledby="features-title">
        <div class="container">
          <h2 id="features-title">{t.features.title}</h2>
          <p class="section-lead">{t.features.lead}</p>
          <ul class="card-grid">
            {t.features.cards.map((card, index) => (
              <li key={card.title} class="card feature-card">
                <span class="feature-icon">
                  <Icon name={FEATURE_ICONS[index]} />
                </span>
                <h3>{card.title}</h3>
                {index === 0 && <span class="badge badge-accent">{t.features.aiBadge}</span>}
                <p>{card.text}</p>
              </li>
            ))}
          </ul>
          <div class="cta">
            <h3>{t.features.ctaTitle}</h3>
            <p>{t.features.ctaText}</p>
            <StoreButtons />
          </div>
        </div>
      </section>

      <section id="about" class="section section-tinted" aria-labelledby="about-title">
        <div class="container">
          <h2 id="about-title">{t.about.title}</h2>
          <p class="section-lead">{t.about.lead}</p>
          <ul class="card-grid testimonials">
            {t.about.testimonials.map((item) => (
              <li key={item.name} class="card">
                <figure>
                  <p class="stars" role="img" aria-label={t.about.ratingLabel}>
                    {[1, 2, 3, 4, 5].map((n) => (
                      <Icon key={n} name="star" />
                    ))}
                  </p>
                  <blockquote>
                    <p>{item.quote}</p>
                  </blockquote>
                  <figcaption>
                    <strong>{item.name}</strong>
                    <span>
                      {item.role}, {item.city}
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
          <dl class="stats" aria-label={t.about.statsLabel}>
            {t.about.stats.map((stat) => (
              <div key={stat.label}>
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </>
  );
}
