import type { ActivityEntry, PagedResponse } from '@masthead/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.js';
import ActivityTab from '../activity-tab.js';

vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
injectSignedInState();

const entry = (overrides: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: '1',
  date: '2026-03-04T09:07:00.000Z',
  actor: { email: 'ana@example.com', name: 'Ana Lima' },
  kind: 'post.published',
  objectId: 'p1',
  objectLabel: 'Hello world',
  before: null,
  after: null,
  ...overrides,
});
const pageOf = (entries: ActivityEntry[], total = entries.length): PagedResponse<ActivityEntry> => ({
  entries,
  totalPages: Math.ceil(total / 10),
  currentPage: 0,
  totalEntries: total,
  totalEntriesIsEstimate: false,
});

let api: ReturnType<typeof stubApi>;
let activityPage: (url: URL) => Response;
const listCalls = () =>
  api.calls
    .filter((call) => new URL(call.url).pathname === '/cms/activity')
    .map((call) => Object.fromEntries(new URL(call.url).searchParams));

beforeEach(() => {
  activityPage = () => jsonResponse(200, pageOf([entry()]));
  api = stubApi({
    'GET /cms/activity': (request) => activityPage(new URL(request.url)),
    'GET /cms/activity/people': () =>
      jsonResponse(200, [
        { email: 'ana@example.com', name: 'Ana Lima' },
        { email: 'system', name: null },
      ]),
  });
  vi.stubGlobal('fetch', api.fetchStub);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

const renderTab = () => renderWithProviders(<ActivityTab domain="blog.example.com" />);

describe('ActivityTab', () => {
  it('should say in words who did what, with the date', async () => {
    activityPage = () =>
      jsonResponse(
        200,
        pageOf([
          entry(),
          entry({ id: '2', actor: { email: 'system', name: null }, objectLabel: 'Later' }),
          entry({
            id: '3',
            kind: 'domain.settings_updated',
            objectId: null,
            objectLabel: null,
            actor: { email: 'bo@example.com', name: null },
            before: { postUrl: null, publicFeeds: false },
            after: { postUrl: null, publicFeeds: true },
          }),
        ]),
      );
    renderTab();
    const list = await screen.findByRole('list', { name: 'Activity' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent("Ana Lima published 'Hello world'");
    expect(within(items[0]!).getByText(/2026/).tagName).toBe('TIME');
    expect(items[1]).toHaveTextContent("Scheduled publishing published 'Later'");
    expect(items[2]).toHaveTextContent('bo@example.com changed the domain settings');
    expect(items[2]).toHaveTextContent('Public feeds');
    expect(items[2]).toHaveTextContent('Off → On');
    expect(items[2]).not.toHaveTextContent('Post address');
    expect(listCalls()[0]).toEqual({ domain: 'blog.example.com', page: '0', numberOfEntries: '10' });
  });

  it('should send the person and kind filters, and start again at the first page', async () => {
    const user = userEvent.setup();
    activityPage = () => jsonResponse(200, pageOf([entry()], 25));
    renderTab();
    await screen.findByRole('list', { name: 'Activity' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(listCalls().at(-1)).toMatchObject({ page: '1' });
    await user.selectOptions(screen.getByLabelText('Kind of change'), 'tag');
    expect(listCalls().at(-1)).toEqual({
      domain: 'blog.example.com',
      page: '0',
      numberOfEntries: '10',
      kind: 'tag',
    });
    const person = screen.getByLabelText('Person');
    await within(person).findByRole('option', { name: 'Ana Lima (ana@example.com)' });
    expect(within(person).getByRole('option', { name: 'Scheduled publishing' })).toBeInTheDocument();
    await user.selectOptions(person, 'ana@example.com');
    expect(listCalls().at(-1)).toMatchObject({ email: 'ana@example.com', kind: 'tag', page: '0' });
  });

  it('should show an empty state, and one for filters that match nothing', async () => {
    const user = userEvent.setup();
    activityPage = () => jsonResponse(200, pageOf([]));
    renderTab();
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    expect(screen.queryByText(/Nothing matches these filters/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Kind of change'), 'webhook.created');
    expect(await screen.findByText(/Nothing matches these filters/)).toBeInTheDocument();
  });

  it('should offer to try again when the list fails to load', async () => {
    const user = userEvent.setup();
    activityPage = () =>
      jsonResponse(500, { error: 'Internal Server Error', errors: ['x'], detailedMessage: 'x' });
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The activity could not be loaded.');
    activityPage = () => jsonResponse(200, pageOf([entry()]));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText("Ana Lima published 'Hello world'")).toBeInTheDocument();
  });
});
