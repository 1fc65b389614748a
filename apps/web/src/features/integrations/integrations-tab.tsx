import { useTranslation } from '../../lib/use-translation.js';

/** PLACEHOLDER until the tab is built (issue 22): replaced by its feature. */
export default function Tab({ domain }: { domain: string }) {
  const { t } = useTranslation();
  return (
    <p className="page__placeholder">
      {t('settings.description')} ({domain})
    </p>
  );
}
