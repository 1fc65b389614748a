import { useEffect, useState } from 'react';

/** How often the list asks again while a shown post's schedule is near or has just passed. */
export const NEAR_POLL_MS = 2_000;
/** A schedule nearer than this (or past, and not yet published) makes the list poll. */
export const NEAR_WINDOW_MS = 2 * 60_000;

/**
 * The list's polling interval (0 for none) for the schedules of the posts it shows (issue 21): so
 * that a scheduled card turns published without a reload, the list polls every NEAR_POLL_MS from
 * NEAR_WINDOW_MS before the nearest schedule until the server has published it (the list answer
 * then has no schedule left). Far schedules cost nothing: a timer wakes the hook when one comes near.
 */
export function useScheduleRefresh(scheduled: (string | null)[]): number {
  const times = scheduled.flatMap((iso) => (iso ? [Date.parse(iso)] : [])).filter((t) => !Number.isNaN(t));
  const nearest = times.length > 0 ? Math.min(...times) : undefined;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (nearest === undefined) return;
    const wait = nearest - NEAR_WINDOW_MS - Date.now();
    if (wait <= 0) return;
    // setTimeout's limit is about 24.8 days; a later schedule wakes the hook again then.
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(wait, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [nearest, now]);

  if (nearest === undefined) return 0;
  return nearest - NEAR_WINDOW_MS <= Math.max(now, Date.now()) ? NEAR_POLL_MS : 0;
}
