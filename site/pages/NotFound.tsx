/** @jsxImportSource preact */
import { useEffect } from 'preact/hooks';
import { useLang, useMessages } from '../i18n';
import { pathFor } from '../routes';

export function NotFound({ pathname }: { pathname: string }) {
  const t = useMessages();
  const lang = useLang();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <section class="section not-found" aria-labelledby="not-found-title">
      <div class="container">
        <p class="not-found-code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title">
          <span class="sr-only">404: </span>
          {t.notFound.title}
        </h1>
        <p>{t.notFound.text}</p>
        <a class="btn btn-primary" href={pathFor('home', lang)}>
          {t.notFound.home}
        </a>
      </div>
    </section>
  );
}
