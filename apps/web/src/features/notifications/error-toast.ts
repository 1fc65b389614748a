import { isRejected, isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { failureLines, failureTitle } from '../../lib/failed-call.js';
import { endpointsWithInlineErrors } from '../../lib/inline-errors.js';
import { notificationShown, type NotificationContent } from './notification-slice.js';

export type Translate = (key: string) => string;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Turns a failed call's payload ({ status, data }) into the error toast of spec §8: the title is the
 * body's `error`, else "Error"; the description is its `errors`, else its `detailedMessage`, else
 * "Unknown error occurred".
 */
export function errorNotificationFor(payload: unknown, translate: Translate): NotificationContent {
  const lines = failureLines(payload);
  return {
    type: 'error',
    title: failureTitle(payload) ?? translate('notification.errorTitle'),
    description: lines.length > 0 ? lines : [translate('notification.unknownError')],
  };
}

/**
 * A 412 means the user's copy is stale: the screen that sent If-Match offers to reload it (and keeps
 * the user's text), so a generic toast on top would only repeat it less helpfully.
 */
const staleCopy = (payload: unknown) => isRecord(payload) && payload.status === 412;

/** A client error of an endpoint whose screen shows it beside its fields (endpointsWithInlineErrors). */
function shownInline(action: { payload: unknown; meta: unknown }) {
  const arg = isRecord(action.meta) && isRecord(action.meta.arg) ? action.meta.arg : {};
  const status = isRecord(action.payload) ? action.payload.status : undefined;
  return (
    typeof arg.endpointName === 'string' &&
    endpointsWithInlineErrors.has(arg.endpointName) &&
    typeof status === 'number' &&
    status >= 400 &&
    status < 500
  );
}

const handledByCaller = (action: { payload: unknown; meta: unknown }) =>
  staleCopy(action.payload) || shownInline(action);

/**
 * The one place where failed calls reach the user: a rejected call with a value (an API error)
 * raises the error toast. Every rejected action is logged. Rejections that only mean "already
 * cached or in flight" (a thunk's condition said no) are not failures and stay quiet.
 */
export function createErrorToastMiddleware(translate: Translate): Middleware {
  return (store) => (next) => (action) => {
    const result = next(action);
    if (isRejectedWithValue(action)) {
      console.error('Request failed', action.payload, action);
      if (!handledByCaller(action)) {
        store.dispatch(notificationShown(errorNotificationFor(action.payload, translate)));
      }
    } else if (isRejected(action) && !action.meta.condition) {
      console.error('Action rejected', action.error, action);
    }
    return result;
  };
}
