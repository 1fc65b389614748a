import { useLocation } from 'wouter';
import { paths } from '../../config/paths.js';
import { useTranslation } from '../../lib/use-translation.js';
import '../../components/ui/button.css';
import './not-found.css';

/** Any unknown address (spec §2, §8). */
export function NotFoundRoute() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <main className="not-found">
      <p className="not-found__code">{t('notFound.code')}</p>
      <h1 className="not-found__title">{t('notFound.title')}</h1>
      <p className="not-found__description">{t('notFound.description')}</p>
      <button type="button" className="button button--primary" onClick={() => navigate(paths.home)}>
        {t('notFound.backHome')}
      </button>
    </main>
  );
}
