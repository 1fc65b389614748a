import { renderHook } from '@testing-library/react';
import { ErrorTimeout } from 'oidc-client-ts';
import type { ReactNode } from 'react';
import { AuthContext } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../../../test/render.js';
import { useSilentRenewRetry } from '../hooks/use-silent-renew-retry.js';

function setUp() {
  let raise: (error: Error) => void = () => undefined;
  const signinSilent = vi.fn(async () => null);
  const auth = fakeAuth({
    signinSilent,
    events: {
      addSilentRenewError: (callback: (error: Error) => void) => {
        raise = callback;
        return () => undefined;
      },
    } as unknown as ReturnType<typeof fakeAuth>['events'],
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>
  );
  const view = renderHook(() => useSilentRenewRetry(), { wrapper });
  return { raise: (error: Error) => raise(error), signinSilent, view };
}

describe('useSilentRenewRetry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('should try the silent renew again 5 s after it timed out', () => {
    const { raise, signinSilent } = setUp();
    raise(new ErrorTimeout('IFrame timed out without a response'));

    vi.advanceTimersByTime(4999);
    expect(signinSilent).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(signinSilent).toHaveBeenCalledTimes(1);
  });

  it('should not retry other failures, which would only fail again', () => {
    const { raise, signinSilent } = setUp();
    raise(new Error('invalid_grant'));
    vi.advanceTimersByTime(10_000);
    expect(signinSilent).not.toHaveBeenCalled();
  });

  it('should drop a pending retry when the app unmounts', () => {
    const { raise, signinSilent, view } = setUp();
    raise(new ErrorTimeout('timed out'));
    view.unmount();
    vi.advanceTimersByTime(5000);
    expect(signinSilent).not.toHaveBeenCalled();
  });
});
