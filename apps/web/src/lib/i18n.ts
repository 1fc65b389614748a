import i18n, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { I18N_MAX_PARALLEL_READS, I18N_MAX_RETRIES, I18N_RETRY_TIMEOUT_MS } from '../config/constants.js';

/** Initialises the app's i18next instance (tests pass a fresh one). */
export function initI18n(instance: I18n = i18n) {
  return instance
    .use(HttpBackend)
    .use(LanguageDetector)
    .init({
      fallbackLng: 'en',
      supportedLngs: ['en'],
      // en-GB and en-US both use the one English file.
      load: 'languageOnly',
      ns: ['translation'],
      // The translation files are served next to the app (spec §7).
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json', addPath: '/locales/add/{{lng}}/{{ns}}' },
      defaultNS: 'translation',
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        caches: ['localStorage'],
      },
      maxRetries: I18N_MAX_RETRIES,
      retryTimeout: I18N_RETRY_TIMEOUT_MS,
      maxParallelReads: I18N_MAX_PARALLEL_READS,
      // React escapes what it renders; escaping here as well would show &amp; in the page.
      interpolation: { escapeValue: false },
    });
}
