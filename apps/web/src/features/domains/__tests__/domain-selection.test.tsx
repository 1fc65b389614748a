import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SELECTED_DOMAIN_STORAGE_KEY } from '../../../config/constants.js';
import { setWideScreen } from '../../../test/match-media.js';
import { jsonResponse, makeConfiguredStore, renderWithProviders, stubApi } from '../../../test/render.js';
import { DomainSelect } from '../components/domain-select.js';
import { selectRoleFor } from '../domains-slice.js';
import { useDomainSelection } from '../hooks/use-domain-selection.js';
import { injectSignedInState } from '../../../app/signed-in-state.js';

vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));

// The app injects the domains state and the API when the signed-in area loads.
injectSignedInState();

const BLOG = {
  id: '11111111-1111-4111-8111-111111111111',
  domain: 'blog.example.com',
  name: 'Example Engineering',
};
const NEWS = { id: '22222222-2222-4222-8222-222222222222', domain: 'news.example.org', name: 'Example News' };

function stubDomains(hosts: string[], domains = [BLOG, NEWS]) {
  const api = stubApi({
    'GET /cms/user/info': () =>
      jsonResponse(200, {
        domains: hosts,
        memberships: hosts.map((domain, index) => ({ domain, role: index === 0 ? 'admin' : 'author' })),
        name: 'Ada',
        email: 'ada@example.com',
      }),
    'POST /cms/domain/info/all': () => jsonResponse(200, domains),
  });
  vi.stubGlobal('fetch', api.fetchStub);
  return api;
}

function Harness() {
  const { domains, selectedDomain, hasNoDomains, selectById } = useDomainSelection();
  return (
    <>
      {hasNoDomains ? (
        <p>No domains</p>
      ) : (
        <DomainSelect domains={domains} selectedId={selectedDomain?.id} onSelect={selectById} />
      )}
      <p data-testid="title">{selectedDomain?.name}</p>
    </>
  );
}

const persisted = () => JSON.parse(window.localStorage.getItem(SELECTED_DOMAIN_STORAGE_KEY) ?? 'null');

afterEach(() => vi.unstubAllGlobals());

describe('domain selection', () => {
  it('should ask for the details of the user’s domains and select the first when none is selected', async () => {
    const api = stubDomains([BLOG.domain, NEWS.domain]);
    const { store } = renderWithProviders(<Harness />);

    await waitFor(() => expect(screen.getByTestId('title')).toHaveTextContent('Example Engineering'));
    expect(screen.getByRole('combobox', { name: 'Domain' })).toHaveValue(BLOG.id);
    expect(store.getState().domains?.selected).toEqual({ id: BLOG.id, domain: BLOG.domain });
    expect(persisted()).toEqual({ id: BLOG.id, domain: BLOG.domain });

    const post = api.calls.find((call) => call.method === 'POST');
    expect(post && (await post.clone().json())).toEqual([BLOG.domain, NEWS.domain]);
  });

  it('should restore the selection of the last visit', async () => {
    window.localStorage.setItem(
      SELECTED_DOMAIN_STORAGE_KEY,
      JSON.stringify({ id: NEWS.id, domain: NEWS.domain }),
    );
    stubDomains([BLOG.domain, NEWS.domain]);
    renderWithProviders(<Harness />, { store: makeConfiguredStore() });

    await waitFor(() => expect(screen.getByTestId('title')).toHaveTextContent('Example News'));
    expect(screen.getByRole('combobox', { name: 'Domain' })).toHaveValue(NEWS.id);
  });

  it('should ignore a saved selection that is not among the user’s domains', async () => {
    window.localStorage.setItem(
      SELECTED_DOMAIN_STORAGE_KEY,
      JSON.stringify({ id: 'gone', domain: 'old.example.net' }),
    );
    stubDomains([BLOG.domain, NEWS.domain]);
    const { store } = renderWithProviders(<Harness />, { store: makeConfiguredStore() });

    await waitFor(() => expect(store.getState().domains?.selected?.id).toBe(BLOG.id));
    expect(persisted()).toEqual({ id: BLOG.id, domain: BLOG.domain });
  });

  it('should select by id from the dropdown and keep the domain name with it', async () => {
    stubDomains([BLOG.domain, NEWS.domain]);
    const { store } = renderWithProviders(<Harness />);
    const select = await screen.findByRole('combobox', { name: 'Domain' });
    await waitFor(() => expect(select).toHaveValue(BLOG.id));

    await userEvent.selectOptions(select, NEWS.id);

    expect(store.getState().domains?.selected).toEqual({ id: NEWS.id, domain: NEWS.domain });
    expect(screen.getByTestId('title')).toHaveTextContent('Example News');
    expect(persisted()).toEqual({ id: NEWS.id, domain: NEWS.domain });
  });

  it('should label options with the name on small screens and the domain on wide ones', async () => {
    stubDomains([BLOG.domain, NEWS.domain]);
    renderWithProviders(<Harness />);
    expect(await screen.findByRole('option', { name: 'Example Engineering' })).toBeInTheDocument();

    setWideScreen(true);

    expect(await screen.findByRole('option', { name: 'blog.example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Example Engineering' })).not.toBeInTheDocument();
  });

  it('should say so when the user has no domains, without asking for details', async () => {
    const api = stubDomains([]);
    const { store } = renderWithProviders(<Harness />);

    expect(await screen.findByText('No domains')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    expect(store.getState().domains?.selected).toBeUndefined();
  });

  it('should keep the user’s role per domain', async () => {
    stubDomains([BLOG.domain, NEWS.domain]);
    const { store } = renderWithProviders(<Harness />);
    await waitFor(() => expect(selectRoleFor(store.getState(), 'blog.example.com')).toBe('admin'));
    expect(selectRoleFor(store.getState(), 'NEWS.example.org')).toBe('author');
    expect(selectRoleFor(store.getState(), 'other.example.com')).toBeUndefined();
  });
});
