import { useTranslation } from '../../lib/use-translation.js';
import './loading-screen.css';

/** Full-page wait with a spinner and "Loading..." (spec §2); `inline` fits it inside the shell's main area. */
export function LoadingScreen({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={inline ? 'loading-screen loading-screen--inline' : 'loading-screen'} role="status">
      <span className="spinner" aria-hidden="true" />
      <p className="loading-screen__text">{t('common.loading')}</p>
    </div>
  );
}

/**
 * Shown before the translations have arrived, so it has no text to show; aria-busy tells assistive
 * technology that the page is still on its way.
 */
export function BootPlaceholder() {
  return (
    <div className="loading-screen" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
