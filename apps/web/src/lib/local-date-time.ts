/**
 * The date and time inputs of the schedule dialog, in the browser's time zone. Through Date's
 * local-time fields and Intl: no date library in the bundle (decision 026).
 */
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A date as the values of <input type="date"> and <input type="time"> in local time. */
export function toLocalInputs(date: Date): { date: string; time: string } {
  return {
    date: `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  };
}

/**
 * The moment the inputs name in local time, or null when they do not name one: empty, malformed,
 * or a local time that does not exist (the hour skipped when clocks go forward).
 */
export function fromLocalInputs(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hours, minutes] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const result = new Date(year, month - 1, day, hours, minutes);
  const back = toLocalInputs(result);
  return back.date === date && back.time === time ? result : null;
}

/** The browser's time zone as people read it, e.g. "Central European Standard Time (Europe/Berlin)". */
export function timeZoneLabel(language: string, at: Date = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const name = new Intl.DateTimeFormat(language, { timeZoneName: 'long' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name && name !== zone ? `${name} (${zone})` : zone;
}
