/** @jsxImportSource preact */
import { useLang, useMessages } from '../../i18n';
import type { LegalBlock, LegalDocument } from './types';

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  return (
    <ul>
      {block.map((item) =>
        typeof item === 'string' ? (
          <li key={item}>{item}</li>
        ) : (
          <li key={item[0]}>
            <strong>{item[0]}</strong> {item[1]}
          </li>
        ),
      )}
    </ul>
  );
}

/** A legal document. Its text is English only, so in another language it says so and is marked lang="en". */
export function LegalPage({ document: doc }: { document: LegalDocument }) {
  const t = useMessages();
  const lang = useLang();
  return (
    <article class="container legal" aria-labelledby="legal-title">
      {lang !== 'en' && (
        <p class="legal-notice" role="note">
          {t.legal.notice}
        </p>
      )}
      <div lang="en">
        <h1 id="legal-title">{doc.title}</h1>
        <p class="effective">
          Effective date: <time dateTime={doc.effectiveDate.iso}>{doc.effectiveDate.text}</time>
        </p>
        {doc.intro.map((text) => (
          <p key={text}>{text}</p>
        ))}
        <nav aria-label="Contents" class="legal-toc">
          <ol>
            {doc.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title.replace(/^\d+\.\s*/, '')}</a>
              </li>
            ))}
          </ol>
        </nav>
        {doc.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>{section.title}</h2>
            {section.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </section>
        ))}
      </div>
    </article>
  );
}
