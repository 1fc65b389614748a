import type { Role } from '@masthead/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import { formatTableDate } from '../../../lib/format-table-date.js';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.js';
import { CategoriesPanel, TagsPanel } from '../index.js';
import { category, pageOf, tag } from './taxonomy-fixtures.js';

vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
injectSignedInState();

let api: ReturnType<typeof stubApi>;
let tagPage: (url: URL) => Response;
let categoryPage: (url: URL) => Response;
const listCalls = (path: string) =>
  api.calls
    .filter((call) => call.method === 'GET' && call.url.includes(path))
    .map((call) => Object.fromEntries(new URL(call.url).searchParams));

beforeEach(() => {
  tagPage = () => jsonResponse(200, pageOf([tag('TypeScript')]));
  categoryPage = () => jsonResponse(200, pageOf([category('Engineering')]));
  api = stubApi({
    'GET /cms/tags/all': (request) => tagPage(new URL(request.url)),
    'GET /cms/categories/all': (request) => categoryPage(new URL(request.url)),
  });
  vi.stubGlobal('fetch', api.fetchStub);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

const renderTags = (role: Role | undefined = 'editor') =>
  renderWithProviders(<TagsPanel domain="blog.example.com" role={role} />);

describe('TagsPanel', () => {
  it('should show each tag with its created date and named edit and delete buttons', async () => {
    const created = '2026-03-04T09:07:00.000Z';
    tagPage = () => jsonResponse(200, pageOf([tag('TypeScript', { createdDate: created }), tag('Rust')]));
    renderTags();
    const table = await screen.findByRole('table', { name: 'Tags' });
    const row = within(table).getByRole('row', { name: /TypeScript/ });
    expect(within(row).getByText(formatTableDate(created))).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Edit tag TypeScript' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Delete tag TypeScript' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add tag' })).toBeInTheDocument();
    expect(listCalls('/cms/tags/all')[0]).toEqual({
      domain: 'blog.example.com',
      page: '0',
      numberOfEntries: '10',
      search: '',
    });
  });

  it('should hide add, edit and delete from an author, who may not change tags', async () => {
    renderTags('author');
    await screen.findByRole('table', { name: 'Tags' });
    expect(screen.getByText('TypeScript')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add tag' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit tag/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete tag/ })).not.toBeInTheDocument();
  });

  it('should say "No Tag Found" when the domain has no tags', async () => {
    tagPage = () => jsonResponse(200, pageOf([]));
    renderTags();
    expect(await screen.findByText('No Tag Found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('should show no paging for one page, and numbered paging with the range for more', async () => {
    tagPage = () => jsonResponse(200, pageOf([tag('Only')], 10));
    const first = renderTags();
    await screen.findByRole('table', { name: 'Tags' });
    expect(screen.queryByRole('navigation', { name: 'Tag pages' })).not.toBeInTheDocument();
    first.unmount();

    tagPage = (url) => {
      const page = Number(url.searchParams.get('page'));
      return jsonResponse(200, pageOf([tag(`On page ${page}`)], 25, page));
    };
    renderTags();
    const pager = await screen.findByRole('navigation', { name: 'Tag pages' });
    expect(within(pager).getByText('Showing 1 to 10 of 25 results')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('On page 2')).toBeInTheDocument();
    expect(within(pager).getByText('Showing 21 to 25 of 25 results')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('should search on the server and go back to the first page when the text changes', async () => {
    tagPage = (url) => {
      const page = Number(url.searchParams.get('page'));
      const search = url.searchParams.get('search') ?? '';
      return jsonResponse(200, pageOf([tag(`Found ${search || 'all'} ${page}`)], search ? 1 : 25, page));
    };
    renderTags();
    const pager = await screen.findByRole('navigation', { name: 'Tag pages' });
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Found all 1')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search tags' }), 'type');
    expect(await screen.findByText('Found type 0')).toBeInTheDocument();
    expect(listCalls('/cms/tags/all').at(-1)).toMatchObject({ search: 'type', page: '0' });
    // Debounced: one request for the word, not one per keystroke.
    expect(listCalls('/cms/tags/all').filter((call) => call.search !== '')).toHaveLength(1);
  });

  it('should offer a retry when the list fails to load', async () => {
    tagPage = () => jsonResponse(500, { error: 'Internal Server Error', errors: [], detailedMessage: 'x' });
    renderTags();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The tags could not be loaded.');
    tagPage = () => jsonResponse(200, pageOf([tag('Back again')]));
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });
});

describe('CategoriesPanel', () => {
  it('should use the category calls and texts, and say "No Category Found" when there are none', async () => {
    categoryPage = () => jsonResponse(200, pageOf([]));
    renderWithProviders(<CategoriesPanel domain="blog.example.com" role="admin" />);
    expect(await screen.findByText('No Category Found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Categories' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add category' })).toBeInTheDocument();
    await waitFor(() => expect(listCalls('/cms/categories/all')).toHaveLength(1));
    expect(listCalls('/cms/tags/all')).toHaveLength(0);
  });
});
