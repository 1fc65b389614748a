import type { Role } from '@masthead/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import { formatTableDate } from '../../../lib/format-table-date.js';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.js';
import { AssetsSection } from '../components/assets-section.js';
import { asset, assetPage } from './asset-fixtures.js';

vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
injectSignedInState();

let listAnswer: (url: URL) => Response;
let api: ReturnType<typeof stubApi>;
const listCalls = () =>
  api.calls
    .filter((call) => call.method === 'GET' && new URL(call.url).pathname === '/cms/assets/list')
    .map((call) => Object.fromEntries(new URL(call.url).searchParams));

beforeEach(() => {
  listAnswer = () => jsonResponse(200, assetPage([asset()]));
  api = stubApi({
    'GET /cms/assets/list': (request) => listAnswer(new URL(request.url)),
  });
  vi.stubGlobal('fetch', api.fetchStub);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const renderSection = (role: Role | undefined = 'editor') =>
  renderWithProviders(<AssetsSection domain="blog.example.com" role={role} />);

describe('AssetsSection', () => {
  it('should show each asset with its thumbnail, name, type, description and created date', async () => {
    const shown = asset({
      fileName: 'harbour.jpg',
      mimeType: 'image/jpeg',
      description: 'The harbour at dawn',
    });
    listAnswer = () => jsonResponse(200, assetPage([shown]));
    const { container } = renderSection();

    const row = (await screen.findByRole('rowheader', { name: 'harbour.jpg' })).closest('tr')!;
    expect(within(row).getByText('image/jpeg')).toBeInTheDocument();
    expect(within(row).getByText('The harbour at dawn')).toBeInTheDocument();
    expect(within(row).getByText(formatTableDate(shown.createdDate))).toHaveAttribute(
      'dateTime',
      shown.createdDate,
    );
    expect(container.querySelector('img.assets-table__thumb')).toHaveAttribute('src', shown.downloadUrl);
    expect(within(row).getByRole('button', { name: 'Edit harbour.jpg' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Delete harbour.jpg' })).toBeEnabled();
    expect(listCalls()[0]).toEqual({
      domain: 'blog.example.com',
      page: '0',
      numberOfEntries: '10',
      searchString: '',
    });
  });

  it("should show each image's size in pixels under Dimensions, in words for screen readers (issue 31)", async () => {
    listAnswer = () =>
      jsonResponse(200, assetPage([asset({ fileName: 'wide.jpg', width: 1920, height: 1080 })]));
    renderSection();

    const row = (await screen.findByRole('rowheader', { name: 'wide.jpg' })).closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.indexOf('Dimensions')).toBeGreaterThan(headers.indexOf('File name'));
    // The file name is the row's header, not a cell: the cells after it sit one place earlier.
    const cell = within(row).getAllByRole('cell')[headers.indexOf('Dimensions') - 1]!;
    expect(cell).toHaveAccessibleName('1920 by 1080 pixels');
    expect(within(cell).getByText('1920 × 1080 px')).toHaveAttribute('aria-hidden', 'true');
    expect(within(cell).getByText('1920 by 1080 pixels')).toHaveClass('visually-hidden');
  });

  it('should say "No Asset Found" with the hint when there are none', async () => {
    listAnswer = () => jsonResponse(200, assetPage([]));
    renderSection();
    expect(await screen.findByText('No Asset Found')).toBeInTheDocument();
    expect(
      screen.getByText('there are no assets currently, you can upload any document here'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: /pag/i })).not.toBeInTheDocument();
  });

  it('should keep the page index when the search text changes (spec §4)', async () => {
    listAnswer = (url) =>
      jsonResponse(
        200,
        assetPage(
          [asset({ fileName: `on-page-${url.searchParams.get('page')}.png` })],
          25,
          Number(url.searchParams.get('page')),
        ),
      );
    renderSection();
    await screen.findByRole('rowheader', { name: 'on-page-0.png' });
    expect(screen.getByText('Showing 1 to 10 of 25 results')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('rowheader', { name: 'on-page-1.png' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search assets' }), 'harbour');

    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ searchString: 'harbour', page: '1' }));
    expect(listCalls().some((call) => call.searchString === 'harbour' && call.page === '0')).toBe(false);
  });

  it('should copy the download link and confirm it', async () => {
    const shown = asset({ fileName: 'logo.png' });
    listAnswer = () => jsonResponse(200, assetPage([shown]));
    const writeText = vi.fn(async () => undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderSection();

    const button = await screen.findByRole('button', { name: 'Copy download link of logo.png' });
    expect(button).toHaveTextContent('Copy link');
    await user.click(button);

    expect(writeText).toHaveBeenCalledWith(shown.downloadUrl);
    expect(await screen.findByText('Download link of logo.png copied')).toBeInTheDocument();
    expect(button).toHaveTextContent('Copied');
  });

  it('should not confirm a copy the browser refused', async () => {
    listAnswer = () => jsonResponse(200, assetPage([asset({ fileName: 'logo.png' })]));
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Copy download link of logo.png' }));
    expect(await screen.findByText('The link could not be copied')).toBeInTheDocument();
    expect(screen.queryByText('Download link of logo.png copied')).not.toBeInTheDocument();
  });

  it('should let an author upload and edit but not delete (DESIGN §2)', async () => {
    listAnswer = () => jsonResponse(200, assetPage([asset({ fileName: 'a.png' })]));
    renderSection('author');
    await screen.findByRole('rowheader', { name: 'a.png' });
    expect(screen.getByRole('button', { name: 'Upload an asset' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit a.png' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete a.png' })).not.toBeInTheDocument();
  });

  it('should ask before deleting, then delete and say so', async () => {
    const doomed = asset({ fileName: 'old.png' });
    listAnswer = () => jsonResponse(200, assetPage([doomed]));
    api = stubApi({
      'GET /cms/assets/list': (request) => listAnswer(new URL(request.url)),
      [`DELETE /cms/assets/list/${doomed.id}`]: () => new Response(null, { status: 204 }),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const { store } = renderSection();

    await userEvent.click(await screen.findByRole('button', { name: 'Delete old.png' }));
    // The question is a chunk of its own, loaded when first asked.
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete asset?' });
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    listAnswer = () => jsonResponse(200, assetPage([]));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const call = api.calls.find((candidate) => candidate.method === 'DELETE')!;
    expect(new URL(call.url).searchParams.get('domain')).toBe('blog.example.com');
    expect(store.getState().notification).toMatchObject({
      type: 'success',
      title: 'Successfully Deleted',
      description: ['Asset has been deleted successfully'],
    });
    expect(await screen.findByText('No Asset Found')).toBeInTheDocument();
  });
});
