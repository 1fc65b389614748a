import { useTranslation } from '../../lib/use-translation.js';
import './page.css';

/** "/metadata" when signed in. Tags, categories and assets arrive with their own issues. */
export function MetadataRoute() {
  const { t } = useTranslation();
  return (
    <>
      <div className="page__header">
        <h1 className="page__title">{t('metadata.title')}</h1>
        <p className="page__description">{t('metadata.description')}</p>
      </div>
      <p className="page__placeholder">{t('metadata.placeholder')}</p>
    </>
  );
}
