import { describe, expect, it, vi } from 'vitest';
import { endpointsWithInlineErrors } from '../../../lib/inline-errors.js';
import { createErrorToastMiddleware, errorNotificationFor } from '../error-toast.js';
import { notificationShown } from '../notification-slice.js';

const english: Record<string, string> = {
  'notification.errorTitle': 'Error',
  'notification.unknownError': 'Unknown error occurred',
};
const translate = (key: string) => english[key] ?? key;

describe('errorNotificationFor', () => {
  it('should take the title from error and the description from errors', () => {
    const payload = {
      status: 400,
      data: {
        error: 'Bad Request',
        errors: ['title: This field is required', 'writtenBy: This field is required'],
        detailedMessage: 'The post is not valid.',
      },
    };
    expect(errorNotificationFor(payload, translate)).toEqual({
      type: 'error',
      title: 'Bad Request',
      description: ['title: This field is required', 'writtenBy: This field is required'],
    });
  });

  it('should fall back to the single detailedMessage when errors is empty or missing', () => {
    const empty = {
      status: 409,
      data: { error: 'Conflict', errors: [], detailedMessage: 'Unpublish this post first.' },
    };
    const missing = {
      status: 409,
      data: { error: 'Conflict', detailedMessage: 'Unpublish this post first.' },
    };
    expect(errorNotificationFor(empty, translate).description).toEqual(['Unpublish this post first.']);
    expect(errorNotificationFor(missing, translate).description).toEqual(['Unpublish this post first.']);
  });

  it('should say "Unknown error occurred" and "Error" when the body has neither', () => {
    expect(errorNotificationFor({ status: 502, data: '<html>Bad gateway</html>' }, translate)).toEqual({
      type: 'error',
      title: 'Error',
      description: ['Unknown error occurred'],
    });
  });

  it('should treat RTK network statuses like an empty body', () => {
    const fetchError = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
    expect(errorNotificationFor(fetchError, translate)).toEqual({
      type: 'error',
      title: 'Error',
      description: ['Unknown error occurred'],
    });
  });

  it('should map the local "No API base uri found" failure to the generic error', () => {
    const local = { status: 400, statusText: 'Bad Request', data: 'No API base uri found' };
    expect(errorNotificationFor(local, translate)).toEqual({
      type: 'error',
      title: 'Error',
      description: ['Unknown error occurred'],
    });
  });
});

describe('createErrorToastMiddleware', () => {
  /** A rejected RTK Query call of this endpoint with this status, as the middleware sees it. */
  const rejected = (endpointName: string, status: number) => ({
    type: 'api/executeMutation/rejected',
    payload: { status, data: { error: 'Bad Request', errors: ['x: wrong'], detailedMessage: 'Wrong.' } },
    meta: { requestId: 'r1', requestStatus: 'rejected', rejectedWithValue: true, arg: { endpointName } },
  });

  function toastsFor(action: unknown) {
    const dispatched: unknown[] = [];
    const store = { dispatch: (a: unknown) => dispatched.push(a), getState: () => ({}) };
    const middleware = createErrorToastMiddleware(translate);
    middleware(store as never)(() => undefined)(action);
    return dispatched.filter((a) => (a as { type: string }).type === notificationShown.type);
  }

  it("should leave an endpoint's client errors to its screen when it shows them inline", () => {
    endpointsWithInlineErrors.add('inlineEndpoint');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(toastsFor(rejected('inlineEndpoint', 400))).toHaveLength(0);
    expect(toastsFor(rejected('inlineEndpoint', 429))).toHaveLength(0);
    // A server failure is still the toast's, and so are other endpoints' refusals.
    expect(toastsFor(rejected('inlineEndpoint', 503))).toHaveLength(1);
    expect(toastsFor(rejected('otherEndpoint', 400))).toHaveLength(1);
  });
});
