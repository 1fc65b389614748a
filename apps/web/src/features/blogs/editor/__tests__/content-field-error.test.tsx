import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderEditor, stubEditorApi, setupUser, JOURNEY_TIMEOUT } from './editor-harness.js';

vi.mock('../../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../editor/editor.js', () => ({
  default: () => {
    throw new Error('Lexical blew up');
  },
  contentIsEmpty: () => true,
}));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('BlogEditor when the rich-text editor fails', JOURNEY_TIMEOUT, () => {
  it('should show "An error was thrown." in red in its place and keep the rest of the form working', async () => {
    stubEditorApi({}, []);
    const user = setupUser();
    renderEditor();

    const message = await screen.findByText('An error was thrown.');
    expect(message).toHaveClass('post-field__error');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Still editable');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Still editable');
    expect(screen.getByRole('heading', { name: 'New Blog Post' })).toBeInTheDocument();
  });
});
