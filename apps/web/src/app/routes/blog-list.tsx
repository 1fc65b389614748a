import { useTranslation } from '../../lib/use-translation.js';
import './page.css';

/** "/" when signed in. The post list itself arrives with the blog list issue. */
export function BlogListRoute() {
  const { t } = useTranslation();
  return (
    <>
      <div className="page__header">
        <h1 className="page__title">{t('blogs.title')}</h1>
        <p className="page__description">{t('blogs.description')}</p>
      </div>
      <p className="page__placeholder">{t('blogs.placeholder')}</p>
    </>
  );
}
