/** The spec's date pattern for the tag, category and asset tables (a date-fns pattern). */
export const TABLE_DATE_PATTERN = 'MMM dd, yyyy kk:mm';

// date-fns's en-US abbreviations, which `MMM` gave when the tables used date-fns's `format`.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (value: number, digits = 2) => String(value).padStart(digits, '0');

/**
 * "Nov 23, 2026 14:05" in local time: `MMM dd, yyyy kk:mm`, where `kk` counts hours from 1 to 24
 * (midnight is 24). Written out rather than through date-fns, whose `format` and locale were 6 KB
 * of the /metadata route's budget (docs/decisions/026-one-chunk-per-signed-in-page.md); a test
 * checks it against date-fns. '' for a value that is not a date.
 */
export function formatTableDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const hour = date.getHours() || 24;
  return `${MONTHS[date.getMonth()]} ${pad(date.getDate())}, ${pad(date.getFullYear(), 4)} ${pad(hour)}:${pad(date.getMinutes())}`;
}
