import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import { jsonResponse, renderWithProviders } from '../../../test/render.js';
import { setWideScreen } from '../../../test/match-media.js';
import LivePreviewPane, { deviceFor, type LivePreviewPaneProps } from '../components/live-preview-pane.js';
import {
  DOMAIN,
  POST_ID,
  PREVIEW,
  previewCalls,
  previewLink,
  refusal,
  stubPreviewApi,
} from './preview-fixtures.js';

vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
injectSignedInState();

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPane(overrides: Partial<LivePreviewPaneProps> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  const onClose = vi.fn();
  const props: LivePreviewPaneProps = {
    domain: DOMAIN,
    postId: POST_ID,
    savedVersion: 'v1',
    unsaved: false,
    host,
    onClose,
    ...overrides,
  };
  const view = renderWithProviders(<LivePreviewPane {...props} />);
  return { ...view, host, onClose, props };
}

const frame = () => screen.getByTitle('Preview of the post as last saved');

describe('LivePreviewPane', () => {
  it('should show the preview in a sandboxed frame that sends no referrer and cannot navigate the editor', async () => {
    setWideScreen(true);
    const link = previewLink();
    stubPreviewApi({ [`POST ${PREVIEW}`]: () => jsonResponse(201, link) });
    const { host } = renderPane();

    const region = within(host).getByRole('region', { name: 'Live preview' });
    expect(within(region).getByRole('status')).toHaveTextContent('Preparing the preview...');
    await waitFor(() => expect(frame()).toHaveAttribute('src', link.url));
    expect(frame()).toHaveAttribute('referrerpolicy', 'no-referrer');
    const sandbox = frame().getAttribute('sandbox')!.split(' ');
    expect(sandbox).toEqual(expect.arrayContaining(['allow-scripts', 'allow-same-origin', 'allow-popups']));
    expect(sandbox.filter((flag) => flag.startsWith('allow-top-navigation'))).toEqual([]);
    expect(within(region).getByRole('status')).toHaveTextContent('Loading the page...');

    fireEvent.load(frame());
    expect(within(region).getByRole('status')).toHaveTextContent('');
    expect(within(region).getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', link.url);
  });

  it("should frame Masthead's own preview page without its origin", async () => {
    setWideScreen(true);
    stubPreviewApi({
      [`POST ${PREVIEW}`]: () => jsonResponse(201, previewLink({ url: '/preview/mhp_own' })),
    });
    renderPane();
    await waitFor(() => expect(frame()).toHaveAttribute('src', `${window.location.origin}/preview/mhp_own`));
    expect(frame().getAttribute('sandbox')).not.toContain('allow-same-origin');
  });

  it('should lay the page out at the chosen width, one pressed button at a time', async () => {
    setWideScreen(true);
    stubPreviewApi();
    renderPane();
    await waitFor(() => frame());
    const widths = screen.getByRole('group', { name: 'Preview width' });
    // jsdom lays nothing out: the pane is 0 px wide, so the phone fits best.
    expect(within(widths).getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true');
    expect(frame().style.width).toBe('375px');

    fireEvent.click(within(widths).getByRole('button', { name: 'Desktop' }));
    expect(within(widths).getByRole('button', { name: 'Desktop' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(widths).getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'false');
    expect(frame().style.width).toBe('1280px');
  });

  it('should pick the widest device that fits the pane', () => {
    expect(deviceFor(0).id).toBe('phone');
    expect(deviceFor(700).id).toBe('phone');
    expect(deviceFor(800).id).toBe('tablet');
    expect(deviceFor(1400).id).toBe('desktop');
  });

  it('should make a new token after each save and show it in a new frame', async () => {
    setWideScreen(true);
    const first = previewLink();
    const second = previewLink();
    const links = [first, second];
    const api = stubPreviewApi({ [`POST ${PREVIEW}`]: () => jsonResponse(201, links.shift()) });
    const { rerender, props } = renderPane();
    await waitFor(() => expect(frame()).toHaveAttribute('src', first.url));
    const before = frame();

    rerender(<LivePreviewPane {...props} savedVersion="v2" />);
    expect(screen.getByRole('status')).toHaveTextContent('Updating the preview...');
    await waitFor(() => expect(frame()).toHaveAttribute('src', second.url));
    // A new frame rather than a new src: no entry in the tab's history.
    expect(frame()).not.toBe(before);
    expect(previewCalls(api.calls)).toHaveLength(2);
  });

  it('should renew the token five minutes before it expires while open', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    setWideScreen(true);
    const api = stubPreviewApi();
    renderPane();
    await vi.waitFor(() => expect(previewCalls(api.calls)).toHaveLength(1));

    await act(async () => vi.advanceTimersByTime(54 * 60_000));
    expect(previewCalls(api.calls)).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(60_000 + 1_000));
    await vi.waitFor(() => expect(previewCalls(api.calls)).toHaveLength(2));
  });

  it('should say why when no preview can be made, and try again on request', async () => {
    setWideScreen(true);
    const answers = [
      () => refusal(403, 'You can preview only your own posts.'),
      () => jsonResponse(201, previewLink()),
    ];
    stubPreviewApi({ [`POST ${PREVIEW}`]: () => answers.shift()!() });
    renderPane();

    expect(await screen.findByRole('alert')).toHaveTextContent('You can preview only your own posts.');
    expect(screen.queryByTitle('Preview of the post as last saved')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => frame());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('should say that unsaved changes are not in the preview', async () => {
    setWideScreen(true);
    stubPreviewApi();
    renderPane({ unsaved: true });
    expect(screen.getByText(/Changes you have not saved are not in the preview/)).toBeInTheDocument();
  });

  it('should close on Escape beside the form', async () => {
    setWideScreen(true);
    stubPreviewApi();
    const user = userEvent.setup();
    const { onClose } = renderPane();
    expect(screen.getByRole('button', { name: 'Close live preview' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('should be a full-screen modal view on narrow screens, closed by Escape', async () => {
    setWideScreen(false);
    stubPreviewApi();
    const user = userEvent.setup();
    const { host, onClose } = renderPane();
    const view = screen.getByRole('dialog', { name: 'Live preview' });
    expect(view).toHaveClass('live-preview--full');
    expect(host).toBeEmptyDOMElement();
    await waitFor(() => frame());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
