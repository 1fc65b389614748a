import i18n from 'i18next';

/**
 * A date and time in the reader's language through Intl, as lib/format-date.ts gives it ("Nov 23,
 * 2026, 2:05 PM"). Not imported from there: a module this tab shared with the list route would
 * become a chunk of its own and cost the list route's budget (docs/decisions/026-one-chunk-per-signed-in-page.md).
 * '' for a value that is not a date.
 */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
}
