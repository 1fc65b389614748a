import { format } from 'date-fns';

/** The spec's date pattern for the tag, category and asset tables. */
export const TABLE_DATE_PATTERN = 'MMM dd, yyyy kk:mm';

/** "Nov 23, 2026 14:05" through date-fns; '' for a value that is not a date. */
export function formatTableDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, TABLE_DATE_PATTERN);
}
