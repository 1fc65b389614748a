import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  const location = useLocation();
  return <p data-testid="address">{location.pathname + location.search}</p>;
}

afterEach(() => window.history.replaceState({}, '', '/'));

describe('the sign-in callback', () => {
  it('should be processed at start when the address carries code and state, then leave for /', async () => {
    const callback = '/authentication/callback?code=abc&state=xyz';
    window.history.replaceState({}, '', callback);

    render(
      <MemoryRouter initialEntries={[callback]}>
        <AppAuthProvider authConfig={{ authority: 'https://idp.test', clientId: 'web' }}>
          <CurrentAddress />
        </AppAuthProvider>
      </MemoryRouter>,
    );

    expect(await screen.findByText('/')).toBeInTheDocument();
    expect(signinCallback).toHaveBeenCalledTimes(1);
  });
});
