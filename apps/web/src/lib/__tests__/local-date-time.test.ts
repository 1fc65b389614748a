import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { fromLocalInputs, timeZoneLabel, toLocalInputs } from '../local-date-time.js';

describe('the schedule dialog’s local date and time', () => {
  it("should write a date as date-fns's yyyy-MM-dd and HH:mm in local time", () => {
    for (const at of [
      new Date(2027, 0, 5, 7, 3),
      new Date(2027, 11, 31, 23, 59),
      new Date(2028, 1, 29, 0, 0),
    ]) {
      expect(toLocalInputs(at)).toEqual({ date: format(at, 'yyyy-MM-dd'), time: format(at, 'HH:mm') });
    }
  });

  it('should read the inputs back as the same local moment', () => {
    const at = new Date(2027, 5, 15, 14, 45);
    const { date, time } = toLocalInputs(at);
    expect(fromLocalInputs(date, time)?.getTime()).toBe(at.getTime());
  });

  it.each([
    ['', '10:00'],
    ['2027-06-15', ''],
    ['2027-02-30', '10:00'],
    ['2027-06-15', '24:30'],
    ['15/06/2027', '10:00'],
    ['2027-06-15', '10:00:00'],
  ])('should read %j %j as no moment', (date, time) => {
    expect(fromLocalInputs(date, time)).toBeNull();
  });

  it('should name the browser’s time zone, with its IANA name', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(timeZoneLabel('en')).toContain(zone);
  });
});
