import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatTableDate, TABLE_DATE_PATTERN } from '../format-table-date.js';

describe('formatTableDate', () => {
  it("should use the spec's 'MMM dd, yyyy kk:mm' pattern, with a 24-hour clock from 1 to 24", () => {
    expect(formatTableDate(new Date(2026, 10, 3, 14, 5).toISOString())).toBe('Nov 03, 2026 14:05');
    // kk counts hours 1-24, so midnight is 24, not 00.
    expect(formatTableDate(new Date(2026, 0, 9, 0, 30).toISOString())).toBe('Jan 09, 2026 24:30');
  });

  it("should give what date-fns's format gives for the pattern, in every month and at every hour", () => {
    for (let month = 0; month < 12; month++) {
      for (let hour = 0; hour < 24; hour++) {
        const date = new Date(1999 + month * 3, month, 1 + ((hour * 7) % 28), hour, (hour * 13) % 60);
        expect(formatTableDate(date.toISOString())).toBe(format(date, TABLE_DATE_PATTERN));
      }
    }
  });

  it('should give an empty string for a value that is not a date', () => {
    expect(formatTableDate('not a date')).toBe('');
  });
});
