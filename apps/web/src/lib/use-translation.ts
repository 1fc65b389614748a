import i18n, { type TFunction } from 'i18next';
import { use, useMemo, useSyncExternalStore } from 'react';

/** Settles once i18next has initialised, which includes loading (or failing to load) the texts. */
const initialized = new Promise<void>((resolve) => {
  if (i18n.isInitialized) resolve();
  else i18n.on('initialized', () => resolve());
});

function subscribeToLanguage(onChange: () => void) {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const currentLanguage = () => i18n.language;

/**
 * The default namespace's texts, as react-i18next's useTranslation gives them: the component
 * suspends until i18next has loaded them and renders again when the language changes. It replaces
 * react-i18next to keep the entry chunk small (docs/decisions/009-web-bundle-budget.md).
 */
export function useTranslation(): { t: TFunction } {
  const language = useSyncExternalStore(subscribeToLanguage, currentLanguage);
  // Suspend only while loading: even a settled promise would cost one render of the fallback.
  if (!i18n.isInitialized) use(initialized);
  const t = useMemo(() => i18n.getFixedT(language), [language]);
  return { t };
}
