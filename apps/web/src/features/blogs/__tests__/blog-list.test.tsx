import type { BlogPostSummary } from '@masthead/contract';
import type { Role } from '@masthead/contract/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.js';
import { BlogList } from '../components/blog-list.js';
import { useBlogListFilters } from '../hooks/use-blog-list-filters.js';

vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
injectSignedInState();

const CLIENT_FIELD = {
  key: 'client',
  label: 'Client',
  type: 'select',
  required: true,
  options: ['Acme Corp', 'Globex'],
  filterable: true,
};

let serial = 0;
function post(overrides: Partial<BlogPostSummary> = {}): BlogPostSummary {
  serial++;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    title: `Post ${serial}`,
    slug: `post-${serial}`,
    shortDescription: 'A short description',
    featureImageUrl: '',
    tags: [{ id: 't1', tag: 'typescript', tagDisplayName: 'TypeScript' }],
    category: { id: 'c1', category: 'engineering', categoryDisplayName: 'Engineering' },
    fields: {},
    writtenBy: 'Ada',
    createdDate: '2026-11-20T10:00:00.000Z',
    lastModifiedDate: '2026-11-21T14:05:00.000Z',
    published: false,
    approved: false,
    scheduledFor: null,
    ...overrides,
  };
}

const page = (entries: BlogPostSummary[], totalEntries = entries.length, currentPage = 0) => ({
  entries,
  totalEntries,
  currentPage,
  totalPages: Math.ceil(totalEntries / 10),
});

let listAnswer: (url: URL) => Response;
let api: ReturnType<typeof stubApi>;
const listCalls = () =>
  api.calls
    .filter((call) => call.method === 'GET' && call.url.includes('/cms/blogs/all'))
    .map((call) => Object.fromEntries(new URL(call.url).searchParams));

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  listAnswer = () => jsonResponse(200, page([post()]));
  api = stubApi({
    'GET /cms/blogs/all': (request) => listAnswer(new URL(request.url)),
    'GET /cms/column/def/all': () => jsonResponse(200, [CLIENT_FIELD]),
  });
  vi.stubGlobal('fetch', api.fetchStub);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function Harness({ role, onOpenPost }: { role: Role | undefined; onOpenPost: (id: string) => void }) {
  const { filters, update } = useBlogListFilters();
  return (
    <BlogList
      domain="blog.example.com"
      role={role}
      filters={filters}
      onFiltersChange={update}
      onOpenPost={onOpenPost}
      newPostId="new"
    />
  );
}

function renderList(role: Role | undefined = 'editor') {
  const onOpenPost = vi.fn();
  const view = renderWithProviders(<Harness role={role} onOpenPost={onOpenPost} />);
  return { ...view, onOpenPost };
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe('BlogList', () => {
  it('should show skeleton cards while loading, then each card with its parts', async () => {
    const draft = post({ title: 'Fast lists', shortDescription: 'Why counting is slow' });
    const published = post({ title: 'Shipped', approved: true, published: true, category: null });
    listAnswer = () => jsonResponse(200, page([draft, published]));
    renderList();

    expect(screen.getByText('Loading blog posts...').closest('[role=status]')).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Fast lists' });
    expect(within(first).getByText('Draft')).toHaveClass('status-badge--pending');
    expect(within(first).getByText('Engineering')).toBeInTheDocument();
    expect(within(first).getByText('Why counting is slow')).toHaveClass('blog-card__description');
    expect(within(first).getByText(/^Last modified Nov 21, 2026/)).toBeInTheDocument();
    expect(within(within(first).getByRole('list', { name: 'Tags' })).getByText('TypeScript')).toBeVisible();
    expect(within(card('Shipped')).getByText('Published')).toHaveClass('status-badge--published');
    expect(within(card('Shipped')).getByText('Uncategorised')).toBeInTheDocument();
  });

  it('should search on the server after a pause in typing, from the first page', async () => {
    window.history.replaceState(null, '', '/?page=1');
    listAnswer = () => jsonResponse(200, page([post()], 25, 1));
    renderList();
    await screen.findAllByRole('article');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search blog posts' }), 'rust async');

    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ search: 'rust async', page: '0' }));
    // Debounced: no request for the partial words.
    expect(listCalls().some((query) => query.search === 'r' || query.search === 'rust')).toBe(false);
    expect(window.location.search).toBe('?search=rust+async');
  });

  it('should filter by status and by the filterable client field, named by its column definition', async () => {
    renderList();
    await screen.findAllByRole('article');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Approved');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Client' }), 'Globex');

    await waitFor(() =>
      expect(listCalls().at(-1)).toMatchObject({ status: 'approved', 'field.client': 'Globex', page: '0' }),
    );
    expect(screen.getByRole('option', { name: 'All Status' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'All Clients' })).toBeInTheDocument();
  });

  it('should show no client filter on a domain without a filterable select field', async () => {
    api = stubApi({
      'GET /cms/blogs/all': () => jsonResponse(200, page([post()])),
      'GET /cms/column/def/all': () => jsonResponse(200, [{ ...CLIENT_FIELD, filterable: false }]),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    renderList();
    await screen.findAllByRole('article');
    expect(screen.getAllByRole('combobox').map((box) => box.getAttribute('aria-label'))).toEqual(['Status']);
  });

  it('should page with numbered buttons and say which results are shown', async () => {
    listAnswer = (url) => {
      const current = Number(url.searchParams.get('page'));
      return jsonResponse(200, page([post()], 95, current));
    };
    renderList();
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('Showing 1 to 10 of 95 results')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(within(pager).getByRole('button', { name: 'Page 10' }));
    await waitFor(() => expect(within(pager).getByText('Showing 91 to 95 of 95 results')).toBeVisible());
    expect(within(pager).getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(listCalls().at(-1)).toMatchObject({ page: '9' });
  });

  it('should say "about" for an estimated search total and offer no jump to a last page', async () => {
    window.history.replaceState(null, '', '/?search=the');
    const full = () => Array.from({ length: 10 }, () => post());
    listAnswer = (url) => {
      const current = Number(url.searchParams.get('page'));
      // Page 1200 is past the estimate's last page (index 1199) but still full; 1201 is empty.
      const entries = current <= 1200 ? full() : [];
      return jsonResponse(200, { ...page(entries, 12_000, current), totalEntriesIsEstimate: true });
    };
    renderList();
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('Showing 1 to 10 of about 12,000 results')).toBeInTheDocument();
    expect(screen.getByText('About 12,000 blog posts found')).toHaveAttribute('role', 'status');
    expect(within(pager).queryByRole('button', { name: 'Page 1200' })).not.toBeInTheDocument();
    expect(within(pager).queryByText('…')).not.toBeInTheDocument();

    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(within(pager).getByText('Showing 11 to 20 of about 12,000 results')).toBeVisible(),
    );
    expect(listCalls().at(-1)).toMatchObject({ search: 'the', page: '1' });
  });

  it('should stay on a full page past an estimated total, and step back from an empty one', async () => {
    window.history.replaceState(null, '', '/?search=the&page=1200');
    let emptyFrom = 1201;
    listAnswer = (url) => {
      const current = Number(url.searchParams.get('page'));
      const entries = current < emptyFrom ? Array.from({ length: 10 }, () => post()) : [];
      return jsonResponse(200, { ...page(entries, 12_000, current), totalEntriesIsEstimate: true });
    };
    renderList();
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('Showing 12,001 to 12,010 of about 12,010 results')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(window.location.search).toBe('?search=the&page=1200');

    emptyFrom = 1200;
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    // Page 1201 comes back empty: the list steps back to the estimate's last page.
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ page: '1199' }));
    expect(new URLSearchParams(window.location.search).get('page')).toBe('1199');
  });

  it('should hide paging when everything fits on one page', async () => {
    renderList();
    await screen.findAllByRole('article');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('should show the empty state with a way to write the first post', async () => {
    listAnswer = () => jsonResponse(200, page([]));
    const { onOpenPost } = renderList();

    expect(await screen.findByRole('heading', { name: 'No blog posts found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Your First Post' }));
    expect(onOpenPost).toHaveBeenCalledWith('new');
  });

  it('should open the editor from "New Blog Post" and from Edit', async () => {
    const draft = post({ title: 'Editable' });
    listAnswer = () => jsonResponse(200, page([draft]));
    const { onOpenPost } = renderList();

    await userEvent.click(await screen.findByRole('button', { name: 'New Blog Post' }));
    // The toolbar's button comes before the list has loaded: wait for the card itself.
    const editable = await screen.findByRole('article', { name: 'Editable' });
    await userEvent.click(within(editable).getByRole('button', { name: 'Edit' }));
    expect(onOpenPost.mock.calls).toEqual([['new'], [draft.id]]);
  });

  it('should offer a retry when the list cannot be loaded', async () => {
    listAnswer = () =>
      jsonResponse(500, { error: 'Internal Server Error', errors: [], detailedMessage: 'x' });
    const { store } = renderList();

    expect(await screen.findByRole('alert')).toHaveTextContent('The blog posts could not be loaded.');
    expect(store.getState().notification).toMatchObject({ visible: true, type: 'error' });
    listAnswer = () => jsonResponse(200, page([post({ title: 'Back again' })]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Back again' })).toBeInTheDocument();
  });
});

describe('BlogList card actions', () => {
  it('should give an editor the workflow actions, each enabled as the workflow allows', async () => {
    listAnswer = () =>
      jsonResponse(
        200,
        page([
          post({ title: 'Draft one' }),
          post({ title: 'Approved one', approved: true }),
          post({ title: 'Live one', approved: true, published: true }),
        ]),
      );
    renderList('editor');
    await screen.findAllByRole('article');
    const enabled = (title: string) =>
      within(card(title))
        .getAllByRole('button')
        .map((button) => `${button.textContent}${button.getAttribute('aria-disabled') ? ' (disabled)' : ''}`);

    expect(enabled('Draft one')).toEqual(['Edit', 'Approve', 'Publish (disabled)', 'Delete']);
    expect(enabled('Approved one')).toEqual([
      'Edit (disabled)',
      'Unapprove',
      'Publish',
      'Schedule…',
      'Delete (disabled)',
    ]);
    expect(enabled('Live one')).toEqual([
      'Edit (disabled)',
      'Unapprove (disabled)',
      'Unpublish',
      'Delete (disabled)',
    ]);
    expect(within(card('Approved one')).getByRole('button', { name: 'Unapprove' })).toHaveClass(
      'post-action__button--danger',
    );
    expect(within(card('Live one')).getByRole('button', { name: 'Unpublish' })).toHaveClass(
      'post-action__button--warning',
    );
  });

  it('should say why a disabled action is disabled, to keyboard users too, and do nothing on click', async () => {
    listAnswer = () => jsonResponse(200, page([post({ title: 'Approved one', approved: true })]));
    const { onOpenPost } = renderList('editor');
    const edit = within(await screen.findByRole('article', { name: 'Approved one' })).getByRole('button', {
      name: 'Edit',
    });

    await userEvent.tab();
    while (document.activeElement !== edit) await userEvent.tab();
    expect(edit).toHaveAccessibleDescription('Unapprove this post first');
    await userEvent.click(edit);
    expect(onOpenPost).not.toHaveBeenCalled();
  });

  it('should show an author no way to approve or publish', async () => {
    listAnswer = () => jsonResponse(200, page([post({ title: 'Mine' })]));
    renderList('author');
    const mine = await screen.findByRole('article', { name: 'Mine' });
    expect(
      within(mine)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Edit', 'Delete']);
  });

  it('should approve through the manage call, toast, and refresh the list', async () => {
    const draft = post({ title: 'To approve' });
    let approved = false;
    listAnswer = () => jsonResponse(200, page([{ ...draft, approved }]));
    api = stubApi({
      'GET /cms/blogs/all': () => listAnswer(new URL('http://x')),
      'GET /cms/column/def/all': () => jsonResponse(200, []),
      [`PUT /cms/blogs/manage/${draft.id}`]: () => {
        approved = true;
        return jsonResponse(200, { ...draft, approved: true });
      },
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const { store } = renderList('editor');

    await userEvent.click(
      within(await screen.findByRole('article')).getByRole('button', { name: 'Approve' }),
    );

    expect(await within(card('To approve')).findByRole('button', { name: 'Unapprove' })).toBeInTheDocument();
    const manage = new URL(api.calls.find((call) => call.method === 'PUT')!.url);
    expect(Object.fromEntries(manage.searchParams)).toMatchObject({ type: 'APPROVAL', value: 'true' });
    expect(store.getState().notification).toMatchObject({ type: 'success', title: 'Successfully Updated' });
  });

  it('should show the server refusal of a workflow step as the error toast', async () => {
    const draft = post({ title: 'Contested' });
    api = stubApi({
      'GET /cms/blogs/all': () => jsonResponse(200, page([draft])),
      'GET /cms/column/def/all': () => jsonResponse(200, []),
      [`PUT /cms/blogs/manage/${draft.id}`]: () =>
        jsonResponse(409, {
          error: 'Conflict',
          errors: [],
          detailedMessage: 'This post is already approved.',
        }),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const { store } = renderList('editor');

    await userEvent.click(
      within(await screen.findByRole('article')).getByRole('button', { name: 'Approve' }),
    );

    await waitFor(() =>
      expect(store.getState().notification).toMatchObject({
        type: 'error',
        title: 'Conflict',
        description: ['This post is already approved.'],
      }),
    );
  });

  it('should delete only after confirming, then toast', async () => {
    const draft = post({ title: 'Doomed' });
    let deleted = false;
    api = stubApi({
      'GET /cms/blogs/all': () => jsonResponse(200, page(deleted ? [] : [draft])),
      'GET /cms/column/def/all': () => jsonResponse(200, []),
      [`DELETE /cms/blogs/info/${draft.id}`]: () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const { store } = renderList('editor');
    await userEvent.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Delete' }));

    // The confirmation is a lazy chunk, so it arrives after a moment.
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this post?' });
    expect(dialog).toHaveTextContent('“Doomed” will be deleted. This cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(within(card('Doomed')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByRole('heading', { name: 'No blog posts found' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(new URL(api.calls.find((call) => call.method === 'DELETE')!.url).searchParams.get('domain')).toBe(
      'blog.example.com',
    );
    expect(store.getState().notification).toMatchObject({
      type: 'success',
      title: 'Successfully Deleted',
      description: ['Blog Post has been deleted successfully'],
    });
  });

  it('should step back to the last page when the current one no longer exists', async () => {
    window.history.replaceState(null, '', '/?page=4');
    listAnswer = (url) =>
      jsonResponse(200, page(url.searchParams.get('page') === '4' ? [] : [post()], 15, 1));
    renderList();
    await waitFor(() => expect(window.location.search).toBe('?page=1'));
    await act(async () => undefined);
    expect(listCalls().at(-1)).toMatchObject({ page: '1' });
  });
});
