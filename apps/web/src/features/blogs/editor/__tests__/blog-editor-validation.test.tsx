import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  contentField,
  renderEditor,
  stubEditorApi,
  writes,
  setupUser,
  JOURNEY_TIMEOUT,
} from './editor-harness.js';

vi.mock('../../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../editor/editor.js', () => import('./fake-content-editor.js'));

const REQUIRED = 'This field is required';

/** The message a control points at through aria-describedby. */
function messageOf(control: HTMLElement): string {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('BlogEditor validation', JOURNEY_TIMEOUT, () => {
  it('should mark the required fields with * and aria-required', async () => {
    stubEditorApi();
    renderEditor();

    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toBeRequired();
    expect((title as HTMLInputElement).labels?.[0]).toHaveTextContent('Title *');
    expect(screen.getByRole('textbox', { name: 'Author' })).toBeRequired();
    expect(await screen.findByRole('combobox', { name: 'Client' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Short description' })).not.toBeRequired();
    expect(screen.getByText('Content').parentElement).toHaveTextContent('Content *');
  });

  it('should show a message under every missing field, focus the first and send nothing', async () => {
    const api = stubEditorApi();
    const user = setupUser();
    const { onClose } = renderEditor({ authorName: '' });
    await screen.findByRole('combobox', { name: 'Client' });

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const title = screen.getByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getAllByText(REQUIRED)).toHaveLength(4);
    for (const control of [
      title,
      await contentField(),
      screen.getByRole('textbox', { name: 'Author' }),
      screen.getByRole('combobox', { name: 'Client' }),
    ]) {
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(messageOf(control)).toContain(REQUIRED);
    }
    expect(writes(api.calls)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('should focus the content when the title is there, and clear each message once fixed', async () => {
    const api = stubEditorApi();
    const user = setupUser();
    renderEditor();
    const client = await screen.findByRole('combobox', { name: 'Client' });
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'A title');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const content = await contentField();
    await waitFor(() => expect(content).toHaveFocus());
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
    await user.type(content, 'Some text');
    expect(content).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText(REQUIRED)).toHaveLength(1);
    await user.selectOptions(client, 'Globex');
    expect(screen.queryByText(REQUIRED)).not.toBeInTheDocument();
    expect(client).not.toHaveAttribute('aria-invalid');
    expect(writes(api.calls)).toEqual([]);
  });

  it('should refuse a feature image address that is not a web address, before sending', async () => {
    const api = stubEditorApi({}, []);
    const user = setupUser();
    renderEditor();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'A title');
    await user.type(await contentField(), 'Body');
    const image = screen.getByRole('textbox', { name: 'Feature image URL' });
    await user.type(image, 'ftp://files.test/a.png');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(image).toHaveFocus());
    expect(messageOf(image)).toBe('Enter an address that starts with http:// or https://');
    expect(writes(api.calls)).toEqual([]);
  });
});
