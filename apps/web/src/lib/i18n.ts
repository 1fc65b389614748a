import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { I18N_MAX_PARALLEL_READS, I18N_MAX_RETRIES, I18N_RETRY_TIMEOUT_MS } from '../config/constants.js';

/** Texts come from public/locales/<lng>/<ns>.json, served next to the app (spec §1, §7). */
export function initI18n() {
  return i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      fallbackLng: 'en',
      supportedLngs: ['en'],
      // en-GB and en-US both use the one English file.
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        caches: ['localStorage'],
      },
      backend: {
        loadPath: '/locales/{{lng}}/{{ns}}.json',
        addPath: '/locales/add/{{lng}}/{{ns}}',
      },
      maxRetries: I18N_MAX_RETRIES,
      retryTimeout: I18N_RETRY_TIMEOUT_MS,
      maxParallelReads: I18N_MAX_PARALLEL_READS,
      // React escapes what it renders; escaping here as well would show &amp; in the page.
      interpolation: { escapeValue: false },
    });
}
