import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router, useLocation, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppAuthProvider } from '../auth-provider.js';

const user = { expired: false, access_token: 'token-123', profile: { sub: 'u1', name: 'Ada' } };
const signinCallback = vi.fn(async () => user);

vi.mock('../../lib/oidc.js', () => {
  const handlers = () => ({ add: () => () => undefined, remove: () => undefined });
  const { add, remove } = handlers();
  return {
    getUserManager: () => ({
      settings: {},
      events: {
        addUserLoaded: add,
        removeUserLoaded: remove,
        addUserUnloaded: add,
        removeUserUnloaded: remove,
        addUserSignedOut: add,
        removeUserSignedOut: remove,
        addSilentRenewError: add,
        removeSilentRenewError: remove,
      },
      signinCallback,
      getUser: async () => null,
    }),
  };
});

function CurrentAddress() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <p data-testid="address">{search ? `${pathname}?${search}` : pathname}</p>;
}

afterEach(() => window.history.replaceState({}, '', '/'));

describe('the sign-in callback', () => {
  it('should be processed at start when the address carries code and state, then leave for /', async () => {
    const callback = '/authentication/callback?code=abc&state=xyz';
    window.history.replaceState({}, '', callback);

    render(
      <Router hook={memoryLocation({ path: callback }).hook}>
        <AppAuthProvider authConfig={{ authority: 'https://idp.test', clientId: 'web' }}>
          <CurrentAddress />
        </AppAuthProvider>
      </Router>,
    );

    expect(await screen.findByText('/')).toBeInTheDocument();
    expect(signinCallback).toHaveBeenCalledTimes(1);
  });
});
