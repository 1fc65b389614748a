import { badRequest } from '../../../lib/app-error.js';

/**
 * The schedule's time from the body (already a date-time by its schema): 400 names the field when
 * it is not in the future of `now`, the clock the worker reads, or is past what PostgreSQL stores.
 */
export function publishAtOf(text: string, now: Date): Date {
  const at = new Date(text);
  if (Number.isNaN(at.getTime()) || at.getUTCFullYear() > 9999)
    throw badRequest(['publishAt: must be an ISO 8601 date-time such as 2027-01-31T09:00:00Z']);
  if (at.getTime() <= now.getTime()) throw badRequest(['publishAt: must be in the future']);
  return at;
}
