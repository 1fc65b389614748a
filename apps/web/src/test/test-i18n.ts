import i18n from 'i18next';
import translation from '../../public/locales/en/translation.json';

/** The real English texts, loaded synchronously so that tests assert what users read. */
export function initTestI18n() {
  if (i18n.isInitialized) return;
  void i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
}
