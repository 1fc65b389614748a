import type { BlogPostSummary } from '@masthead/contract';
import type { Role } from '@masthead/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { toLocalInputs } from '../../../lib/local-date-time.js';
import { BlogList } from '../components/blog-list.js';
import { useBlogListFilters } from '../hooks/use-blog-list-filters.js';

// Scheduled publishing on the cards (issue 21): "Schedule…" on an approved post, its dialog, the
// "Scheduled for" line with its cancel, and the list polling while a schedule is near.
vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
injectSignedInState();

let serial = 0;
function post(overrides: Partial<BlogPostSummary> = {}): BlogPostSummary {
  serial++;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    title: `Post ${serial}`,
    slug: `post-${serial}`,
    shortDescription: '',
    featureImageUrl: '',
    tags: [],
    category: null,
    fields: {},
    writtenBy: 'Ada',
    createdDate: '2026-11-20T10:00:00.000Z',
    lastModifiedDate: '2026-11-21T14:05:00.000Z',
    published: false,
    approved: true,
    scheduledFor: null,
    ...overrides,
  };
}
const page = (entries: BlogPostSummary[]) => ({
  entries,
  totalEntries: entries.length,
  currentPage: 0,
  totalPages: 1,
});

let api: ReturnType<typeof stubApi>;
function serve(routes: Parameters<typeof stubApi>[0]) {
  api = stubApi({ 'GET /cms/column/def/all': () => jsonResponse(200, []), ...routes });
  vi.stubGlobal('fetch', api.fetchStub);
}
const listCalls = () =>
  api.calls.filter((call) => call.method === 'GET' && call.url.includes('/cms/blogs/all'));

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

function Harness({ role }: { role: Role | undefined }) {
  const { filters, update } = useBlogListFilters();
  return (
    <BlogList
      domain="blog.example.com"
      role={role}
      filters={filters}
      onFiltersChange={update}
      onOpenPost={() => undefined}
      newPostId="new"
    />
  );
}
const renderList = (role: Role | undefined = 'editor') => renderWithProviders(<Harness role={role} />);
const card = (title: string) => screen.getByRole('article', { name: title });
const buttons = (title: string) =>
  within(card(title))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('scheduling on the blog cards', () => {
  it('should offer Schedule… on approved posts only, and show a scheduled one with its time and a cancel', async () => {
    const later = '2027-02-03T09:30:00.000Z';
    serve({
      'GET /cms/blogs/all': () =>
        jsonResponse(
          200,
          page([
            post({ title: 'Draft', approved: false }),
            post({ title: 'Ready' }),
            post({ title: 'Waiting', scheduledFor: later }),
            post({ title: 'Live', published: true }),
          ]),
        ),
    });
    renderList('editor');
    await screen.findAllByRole('article');
    expect(buttons('Draft')).not.toContain('Schedule…');
    expect(buttons('Ready')).toEqual(['Edit', 'Unapprove', 'Publish', 'Schedule…', 'Delete']);
    expect(buttons('Waiting')).toEqual(['Edit', 'Unapprove', 'Publish', 'Cancel schedule', 'Delete']);
    expect(buttons('Live')).not.toContain('Schedule…');
    expect(within(card('Waiting')).getByText(`Scheduled for ${formatDateTime(later)}`)).toBeInTheDocument();
    expect(within(card('Ready')).queryByText(/^Scheduled for/)).not.toBeInTheDocument();
  });

  it('should show an author neither Schedule… nor Cancel schedule', async () => {
    serve({
      'GET /cms/blogs/all': () =>
        jsonResponse(
          200,
          page([post({ title: 'Ready' }), post({ title: 'Waiting', scheduledFor: '2027-02-03T09:30:00Z' })]),
        ),
    });
    renderList('author');
    await screen.findAllByRole('article');
    expect(buttons('Ready')).toEqual(['Edit', 'Delete']);
    expect(buttons('Waiting')).toEqual(['Edit', 'Delete']);
    // The author still reads when it will be published.
    expect(within(card('Waiting')).getByText(/^Scheduled for/)).toBeInTheDocument();
  });

  it('should offer a Scheduled status filter that asks the server for status=scheduled', async () => {
    serve({ 'GET /cms/blogs/all': () => jsonResponse(200, page([post()])) });
    renderList();
    await screen.findAllByRole('article');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Scheduled');
    await waitFor(() =>
      expect(new URL(listCalls().at(-1)!.url).searchParams.get('status')).toBe('scheduled'),
    );
  });

  it('should schedule through a labelled dialog in the local time zone, refusing a past time', async () => {
    const ready = post({ title: 'Ready' });
    let scheduledFor: string | null = null;
    let sent: unknown;
    serve({
      'GET /cms/blogs/all': () => jsonResponse(200, page([{ ...ready, scheduledFor }])),
      [`PUT /cms/blogs/schedule/${ready.id}`]: async (request) => {
        sent = await request.json();
        scheduledFor = (sent as { publishAt: string }).publishAt;
        return jsonResponse(200, { ...ready, scheduledFor });
      },
    });
    const { store } = renderList('editor');
    await userEvent.click(
      within(await screen.findByRole('article')).getByRole('button', { name: 'Schedule…' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Schedule publishing' });
    const date = within(dialog).getByLabelText('Date');
    const time = within(dialog).getByLabelText('Time');
    await waitFor(() => expect(date).toHaveFocus());
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(date).toHaveAccessibleDescription(expect.stringContaining(zone));
    expect(within(dialog).getByText(/^Time zone: /)).toHaveTextContent(zone);

    // Yesterday: refused here, nothing sent.
    const yesterday = toLocalInputs(new Date(Date.now() - 86_400_000));
    await userEvent.clear(date);
    await userEvent.type(date, yesterday.date);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a time in the future.');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
    inTwoDays.setHours(9, 15, 0, 0);
    const chosen = toLocalInputs(inTwoDays);
    await userEvent.clear(date);
    await userEvent.type(date, chosen.date);
    await userEvent.clear(time);
    await userEvent.type(time, chosen.time);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual({ publishAt: inTwoDays.toISOString() });
    expect(
      await within(card('Ready')).findByText(`Scheduled for ${formatDateTime(inTwoDays.toISOString())}`),
    ).toBeInTheDocument();
    expect(store.getState().notification).toMatchObject({
      type: 'success',
      description: [`The post will be published on ${formatDateTime(inTwoDays.toISOString())}.`],
    });
  });

  it('should close the dialog with Escape and send nothing', async () => {
    serve({ 'GET /cms/blogs/all': () => jsonResponse(200, page([post({ title: 'Ready' })])) });
    renderList('editor');
    await userEvent.click(
      within(await screen.findByRole('article')).getByRole('button', { name: 'Schedule…' }),
    );
    await screen.findByRole('dialog', { name: 'Schedule publishing' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('should cancel a schedule with DELETE and show the card without it', async () => {
    const waiting = post({ title: 'Waiting', scheduledFor: '2027-02-03T09:30:00.000Z' });
    let scheduledFor: string | null = waiting.scheduledFor;
    serve({
      'GET /cms/blogs/all': () => jsonResponse(200, page([{ ...waiting, scheduledFor }])),
      [`DELETE /cms/blogs/schedule/${waiting.id}`]: () => {
        scheduledFor = null;
        return jsonResponse(200, { ...waiting, scheduledFor });
      },
    });
    renderList('editor');
    await userEvent.click(
      within(await screen.findByRole('article')).getByRole('button', { name: 'Cancel schedule' }),
    );
    expect(await within(card('Waiting')).findByRole('button', { name: 'Schedule…' })).toBeInTheDocument();
    expect(within(card('Waiting')).queryByText(/^Scheduled for/)).not.toBeInTheDocument();
    const call = api.calls.find((c) => c.method === 'DELETE')!;
    expect(new URL(call.url).searchParams.get('domain')).toBe('blog.example.com');
  });

  it('should poll while a schedule is near, so that the card turns published without a reload', async () => {
    const soon = post({ title: 'Soon', scheduledFor: new Date(Date.now() + 1_000).toISOString() });
    serve({
      'GET /cms/blogs/all': () =>
        jsonResponse(
          200,
          page([
            Date.now() >= Date.parse(soon.scheduledFor!)
              ? { ...soon, published: true, scheduledFor: null }
              : soon,
          ]),
        ),
    });
    renderList('editor');
    await screen.findByRole('article', { name: 'Soon' });
    expect(within(card('Soon')).getByText('Approved')).toBeInTheDocument();
    expect(await within(card('Soon')).findByText('Published', {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(listCalls().length).toBeGreaterThanOrEqual(2);
    // Published, nothing is scheduled any more: the polling stops.
    const calls = listCalls().length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(listCalls().length).toBe(calls);
  }, 15_000);

  it('should not poll for a schedule that is far away', async () => {
    serve({
      'GET /cms/blogs/all': () =>
        jsonResponse(
          200,
          page([post({ title: 'Later', scheduledFor: new Date(Date.now() + 3600_000).toISOString() })]),
        ),
    });
    renderList('editor');
    await screen.findByRole('article', { name: 'Later' });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(listCalls()).toHaveLength(1);
  }, 10_000);
});
