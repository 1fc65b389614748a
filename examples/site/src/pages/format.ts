const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
const moment = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** A date from the API as "7 December 2026"; text that is not a date is shown as it came. */
export function formatDay(iso: string | null | undefined) {
  const time = Date.parse(iso ?? '');
  return Number.isNaN(time) ? (iso ?? '') : day.format(time);
}

/** A moment from the API as "7 December 2026 at 10:00 UTC". */
export function formatMoment(iso: string | null | undefined) {
  const time = Date.parse(iso ?? '');
  return Number.isNaN(time) ? (iso ?? '') : `${moment.format(time)} UTC`;
}
