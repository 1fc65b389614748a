import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import type { PreviewToolsProps } from '../../../lib/post-preview.js';
import { jsonResponse, renderWithProviders } from '../../../test/render.js';
import { PreviewTools } from '../components/preview-tools.js';
import {
  PREVIEW,
  fakeTab,
  previewCalls,
  previewLink,
  refusal,
  stubPreviewApi,
  toolsProps,
} from './preview-fixtures.js';
import userEvent from '@testing-library/user-event';

vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
injectSignedInState();

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderTools(overrides: Partial<PreviewToolsProps> = {}) {
  const noticeHost = document.createElement('div');
  document.body.append(noticeHost);
  const props = toolsProps({ noticeHost, ...overrides });
  return { ...renderWithProviders(<PreviewTools {...props} />), props, noticeHost };
}

function stubOpen(tab: ReturnType<typeof fakeTab> | null = fakeTab()) {
  const open = vi.fn(() => tab as unknown as Window);
  vi.stubGlobal('open', open);
  return { open, tab };
}

const previewButton = () => screen.getByRole('button', { name: 'Preview' });

describe('PreviewTools › Preview', () => {
  it('should open the tab in the click itself, then send it to the preview address', async () => {
    const link = previewLink();
    const api = stubPreviewApi({ [`POST ${PREVIEW}`]: () => jsonResponse(201, link) });
    const { open, tab } = stubOpen();
    renderTools();

    fireEvent.click(previewButton());
    // Synchronously, in the gesture: a pop-up blocker lets only this through.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab!.opener).toBeNull();
    expect(tab!.document.body.textContent).toBe('Preparing the preview...');

    await waitFor(() => expect(tab!.location.replace).toHaveBeenCalledWith(link.url));
    expect(await previewCalls(api.calls)[0]!.json()).toEqual({});
    expect(tab!.close).not.toHaveBeenCalled();
  });

  it('should save unsaved changes first, and ask for the token only once they are saved', async () => {
    const events: string[] = [];
    const api = stubPreviewApi({
      [`POST ${PREVIEW}`]: () => {
        events.push('token');
        return jsonResponse(201, previewLink());
      },
    });
    const { tab } = stubOpen();
    const saveFirst = vi.fn(async () => {
      events.push('save');
      return true;
    });
    renderTools({ readiness: () => ({ kind: 'save' }), unsaved: true, saveFirst });

    fireEvent.click(previewButton());
    await waitFor(() => expect(tab!.location.replace).toHaveBeenCalled());
    expect(events).toEqual(['save', 'token']);
    expect(previewCalls(api.calls)).toHaveLength(1);
  });

  it('should close the tab and ask for no token when the save fails', async () => {
    const api = stubPreviewApi();
    const { tab } = stubOpen();
    renderTools({ readiness: () => ({ kind: 'save' }), saveFirst: vi.fn(async () => false) });

    fireEvent.click(previewButton());
    await waitFor(() => expect(tab!.close).toHaveBeenCalled());
    expect(previewCalls(api.calls)).toHaveLength(0);
    expect(tab!.location.replace).not.toHaveBeenCalled();
  });

  it('should ask when the changes cannot be saved, saying why, and open nothing on "Keep editing"', async () => {
    stubPreviewApi();
    const { open } = stubOpen();
    const user = userEvent.setup();
    const { props } = renderTools({
      readiness: () => ({ kind: 'blocked', reasons: ['Title: This field is required'] }),
      unsaved: true,
    });

    await user.click(previewButton());
    const question = screen.getByRole('alertdialog', { name: 'Preview the last saved version?' });
    expect(within(question).getByRole('listitem')).toHaveTextContent('Title: This field is required');
    expect(open).not.toHaveBeenCalled();

    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(props.showProblems).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
    expect(props.saveFirst).not.toHaveBeenCalled();
  });

  it("should preview the last saved version, in the click on the question's button, without saving", async () => {
    const api = stubPreviewApi();
    const { open, tab } = stubOpen();
    const { props } = renderTools({
      readiness: () => ({ kind: 'blocked', reasons: ['Title: This field is required'] }),
      unsaved: true,
    });

    fireEvent.click(previewButton());
    fireEvent.click(screen.getByRole('button', { name: 'Preview last saved version' }));
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(tab!.location.replace).toHaveBeenCalled());
    expect(props.saveFirst).not.toHaveBeenCalled();
    expect(previewCalls(api.calls)).toHaveLength(1);
  });

  it("should close the tab and say the server's reason above the form when it refuses", async () => {
    stubPreviewApi({ [`POST ${PREVIEW}`]: () => refusal(429, 'Too many previews: try again in a minute.') });
    const { tab } = stubOpen();
    const { noticeHost } = renderTools();

    fireEvent.click(previewButton());
    const alert = await within(noticeHost).findByRole('alert');
    expect(alert).toHaveTextContent('The preview could not be opened.');
    expect(alert).toHaveTextContent('Too many previews: try again in a minute.');
    expect(tab!.close).toHaveBeenCalled();

    fireEvent.click(within(noticeHost).getByRole('button', { name: 'Dismiss' }));
    expect(within(noticeHost).queryByRole('alert')).toBeNull();
  });

  it('should offer a link when the browser blocked the tab', async () => {
    const link = previewLink();
    stubPreviewApi({ [`POST ${PREVIEW}`]: () => jsonResponse(201, link) });
    stubOpen(null);
    const { noticeHost } = renderTools();

    fireEvent.click(previewButton());
    const open = await within(noticeHost).findByRole('link', { name: 'Open the preview' });
    expect(open).toHaveAttribute('href', link.url);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('should never send the tab to an address that is not http(s)', async () => {
    stubPreviewApi({
      [`POST ${PREVIEW}`]: () => jsonResponse(201, previewLink({ url: 'javascript:alert(1)' })),
    });
    const { tab } = stubOpen();
    const { noticeHost } = renderTools();

    fireEvent.click(previewButton());
    expect(await within(noticeHost).findByRole('alert')).toHaveTextContent(
      'The preview could not be opened.',
    );
    expect(tab!.location.replace).not.toHaveBeenCalled();
    expect(tab!.close).toHaveBeenCalled();
  });

  it('should be off while the editor saves', () => {
    stubPreviewApi();
    renderTools({ saving: true });
    expect(previewButton()).toBeDisabled();
  });
});

describe('PreviewTools › Live preview and Share preview…', () => {
  it('should ask for nothing until the live pane is opened, and give the focus back when Escape closes it', async () => {
    const api = stubPreviewApi();
    const user = userEvent.setup();
    const { props } = renderTools();
    expect(api.calls).toHaveLength(0);

    const button = screen.getByRole('button', { name: 'Live preview' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const pane = await screen.findByRole('dialog', { name: 'Live preview' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(props.onLivePaneChange).toHaveBeenLastCalledWith(true));
    await waitFor(() => expect(previewCalls(api.calls)).toHaveLength(1));
    expect(within(pane).getByRole('button', { name: 'Close live preview' })).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Live preview' })).toBeNull());
    expect(button).toHaveFocus();
    expect(props.onLivePaneChange).toHaveBeenLastCalledWith(false);
  });

  it('should open the share dialog on the dialog layer', async () => {
    stubPreviewApi();
    const user = userEvent.setup();
    renderTools();
    await user.click(screen.getByRole('button', { name: 'Share preview...' }));
    expect(await screen.findByRole('dialog', { name: 'Share preview' })).toBeInTheDocument();
  });
});
