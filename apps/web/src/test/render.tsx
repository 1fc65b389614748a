import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { AuthContext, type AuthContextProps } from 'react-oidc-context';
import { Provider } from 'react-redux';
import { makeStore, type AppStore, type RootState } from '../app/store.js';

export const API_BASE = 'https://api.test';

/** A store whose configuration has already loaded, as it is once the app is past its ConfigGate. */
export function makeConfiguredStore(preloadedState: Partial<RootState> = {}): AppStore {
  return makeStore({
    preloadedState: {
      config: {
        auth: { status: 'succeeded', data: { authority: 'https://idp.test', clientId: 'web' } },
        env: {
          status: 'succeeded',
          data: { env: 'test', apiBaseUri: API_BASE, authority: 'https://idp.test', clientId: 'web' },
        },
      },
      ...preloadedState,
    },
  });
}

/** What useAuth() returns, signed in as Ada unless the test says otherwise. */
export function fakeAuth(overrides: Partial<AuthContextProps> = {}): AuthContextProps {
  const noop = async () => undefined;
  return {
    isLoading: false,
    isAuthenticated: true,
    user: {
      access_token: 'token-123',
      profile: { sub: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' },
      expired: false,
    } as AuthContextProps['user'],
    settings: {} as AuthContextProps['settings'],
    events: {
      addSilentRenewError: () => () => undefined,
    } as unknown as AuthContextProps['events'],
    clearStaleState: noop,
    removeUser: noop,
    signinPopup: noop as unknown as AuthContextProps['signinPopup'],
    signinSilent: async () => null,
    signinRedirect: noop,
    signinResourceOwnerCredentials: noop as unknown as AuthContextProps['signinResourceOwnerCredentials'],
    signoutRedirect: noop,
    signoutPopup: noop,
    signoutSilent: noop,
    querySessionStatus: async () => null,
    revokeTokens: noop,
    startSilentRenew: () => undefined,
    stopSilentRenew: () => undefined,
    ...overrides,
  };
}

export function renderWithProviders(
  ui: ReactElement,
  { store = makeConfiguredStore(), auth = fakeAuth() }: { store?: AppStore; auth?: AuthContextProps } = {},
) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>
    </Provider>
  );
  return { store, ...render(ui, { wrapper: Wrapper }) };
}

/** A fetch stub that answers by method and path; anything else is a 404 with the API's error body. */
export function stubApi(routes: Record<string, (request: Request) => Response | Promise<Response>>) {
  const calls: Request[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push(request);
    const url = new URL(request.url);
    const handler = routes[`${request.method} ${url.pathname}`];
    if (handler) return handler(request);
    return jsonResponse(404, { error: 'Not Found', errors: [], detailedMessage: 'Not found.' });
  };
  return { fetchStub, calls };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
