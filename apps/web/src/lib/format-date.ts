import i18n from 'i18next';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time in the reader's language, e.g. "Nov 23, 2026, 2:05 PM", through Intl (no
 * hand-rolled formatting, and no date library in the list's bundle). Formatters are cached per
 * language because building one is far slower than using it.
 */
export function formatDateTime(iso: string): string {
  const language = i18n.resolvedLanguage ?? 'en';
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(language, format);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}
