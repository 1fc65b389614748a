import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  API_BASE,
  fakeAuth,
  jsonResponse,
  makeConfiguredStore,
  renderWithProviders,
  stubApi,
} from '../../test/render.js';
import { AppRoutes } from '../router.js';

vi.mock('../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));

const BLOG = {
  id: '11111111-1111-4111-8111-111111111111',
  domain: 'blog.example.com',
  name: 'Example Engineering',
};

function renderAt(path: string, auth = fakeAuth(), store = makeConfiguredStore()) {
  return renderWithProviders(
    <Router hook={memoryLocation({ path }).hook}>
      <AppRoutes />
    </Router>,
    { auth, store },
  );
}

// The signed-in area and then the page are lazy chunks, which vitest transforms on first import:
// the first page can take a few seconds on a busy machine.
const LAZY_PAGE = { timeout: 10_000 };

const signedOut = (overrides = {}) => fakeAuth({ isAuthenticated: false, user: null, ...overrides });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    stubApi({
      'GET /cms/user/info': () =>
        jsonResponse(200, { domains: [BLOG.domain], memberships: [], name: 'Ada', email: 'ada@example.com' }),
      'POST /cms/domain/info/all': () => jsonResponse(200, [BLOG]),
    }).fetchStub,
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('routes', { timeout: 20_000 }, () => {
  it.each(['/', '/metadata'])('should show the login screen at %s when signed out', async (path) => {
    const signinRedirect = vi.fn(async () => undefined);
    renderAt(path, signedOut({ signinRedirect }));

    expect(screen.getByText('Experience the future of blog management')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In to Dashboard' }));
    expect(signinRedirect).toHaveBeenCalledTimes(1);
  });

  it('should start the sign-in by itself at ?signin=now, once, and drop the parameter (decision 046)', () => {
    const signinRedirect = vi.fn(async () => undefined);
    window.history.replaceState(null, '', '/?signin=now&page=2');
    try {
      renderAt('/', signedOut({ signinRedirect }));
      expect(signinRedirect).toHaveBeenCalledTimes(1);
      expect(window.location.search).toBe('?page=2');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('should pass the first sign-in ticket on to the authorization request and drop it from the address (decision 055)', () => {
    const signinRedirect = vi.fn(async () => undefined);
    window.history.replaceState(null, '', '/?signin=now&signin_ticket=abc_DEF-123');
    try {
      renderAt('/', signedOut({ signinRedirect }));
      expect(signinRedirect).toHaveBeenCalledWith({ extraQueryParams: { signin_ticket: 'abc_DEF-123' } });
      expect(window.location.search).toBe('');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('should wait for a click without ?signin=now', () => {
    const signinRedirect = vi.fn(async () => undefined);
    renderAt('/', signedOut({ signinRedirect }));
    expect(signinRedirect).not.toHaveBeenCalled();
  });

  it('should name a failed sign-in on the login screen', () => {
    const error = Object.assign(new Error('No matching state found in storage'), {
      source: 'signinCallback' as const,
    });
    renderAt('/', signedOut({ error }));
    expect(screen.getByRole('alert')).toHaveTextContent('Sign-in failed');
  });

  it('should show Loading... instead of the login screen while the session is being restored', () => {
    renderAt('/', signedOut({ isLoading: true }));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In to Dashboard' })).not.toBeInTheDocument();
  });

  it('should offer the account menu in the sidebar only when the server keeps the accounts (decision 045)', async () => {
    const config = (accounts: 'built-in' | 'external') => ({
      auth: { status: 'succeeded' as const, data: { authority: 'https://idp.test', clientId: 'web' } },
      env: {
        status: 'succeeded' as const,
        data: { env: 'test', apiBaseUri: API_BASE, authority: 'https://idp.test', clientId: 'web', accounts },
      },
    });
    const external = renderAt('/', fakeAuth(), makeConfiguredStore({ config: config('external') }));
    expect(await screen.findByRole('heading', { name: 'Blog Posts' }, LAZY_PAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account', hidden: true })).not.toBeInTheDocument();
    external.unmount();

    // The tests' screen is narrow: the sidebar is in the closed drawer, hidden.
    renderAt('/', fakeAuth(), makeConfiguredStore({ config: config('built-in') }));
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar', hidden: true }, LAZY_PAGE);
    expect(await within(sidebar).findByRole('button', { name: 'Account', hidden: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('should show the blog posts page in the shell when signed in', async () => {
    renderAt('/');
    // The signed-in area and the page are lazy chunks, so the page arrives after a moment.
    expect(await screen.findByRole('heading', { name: 'Blog Posts' }, LAZY_PAGE)).toBeInTheDocument();
    // The tests' screen is narrow: the sidebar is in the closed drawer, hidden.
    expect(screen.getByRole('link', { name: 'Blog Posts', hidden: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByText('Example Engineering', { selector: 'p' })).toBeInTheDocument();
  });

  it('should show the user and the selected domain in the sidebar footer and log out from there', async () => {
    const signoutRedirect = vi.fn(async () => undefined);
    renderAt('/metadata', fakeAuth({ signoutRedirect }));
    expect(await screen.findByRole('heading', { name: 'Metadata & Assets' }, LAZY_PAGE)).toBeInTheDocument();

    const sidebar = screen.getByRole('complementary', { hidden: true });
    expect(within(sidebar).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(sidebar).getByText('A')).toBeInTheDocument();
    expect(await within(sidebar).findByText('Example Engineering')).toBeInTheDocument();

    await userEvent.click(within(sidebar).getByRole('button', { name: 'Log out', hidden: true }));
    expect(signoutRedirect).toHaveBeenCalledTimes(1);
  });

  it('should show the no-domain text when the user has no domains', async () => {
    vi.stubGlobal(
      'fetch',
      stubApi({
        'GET /cms/user/info': () =>
          jsonResponse(200, { domains: [], memberships: [], name: 'Ada', email: 'a@b.c' }),
      }).fetchStub,
    );
    renderAt('/');
    expect(await screen.findByText('No domain assigned to your account yet')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Domain' })).not.toBeInTheDocument();
  });

  it('should show Loading... on the callback while signed out, and go to / once signed in', async () => {
    const view = renderAt('/authentication/callback', signedOut());
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    view.unmount();
    renderAt('/authentication/callback');
    expect(await screen.findByRole('heading', { name: 'Blog Posts' }, LAZY_PAGE)).toBeInTheDocument();
  });

  it('should show the not-found screen for an unknown address, with a way back to /', async () => {
    renderAt('/no/such/page', signedOut());
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(screen.getByRole('button', { name: 'Sign In to Dashboard' })).toBeInTheDocument();
  });
});
