import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { editorOf, everyNodeState, renderEditor } from './editor-fixtures.js';

// An image whose rendering fails, to see what the decorator boundary does with it.
vi.mock('../nodes/image-view.js', () => ({
  ImageView: () => {
    throw new Error('image failed to render');
  },
}));

describe('ContentEditor errors after it has started', () => {
  it('should show "An error was thrown." in place of a decorator that fails, keeping the rest', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderEditor({ initialState: everyNodeState() });
    await act(async () => undefined);
    const content = screen.getByRole('textbox', { name: 'Content *' });
    expect(content).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('alert')).toHaveTextContent('An error was thrown.');
    expect(content.querySelector('h1')).toHaveTextContent('Title h1');
    expect(log).toHaveBeenCalled();
  });

  it('should log a failed update and keep the editor with its previous content', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderEditor({ initialState: everyNodeState() });
    await act(async () => undefined);
    await act(async () => {
      editorOf().update(() => {
        throw new Error('update failed');
      });
    });
    expect(log).toHaveBeenCalledWith('Editor update failed and was undone', expect.any(Error));
    expect(screen.getByRole('textbox', { name: 'Content *' }).querySelector('h1')).toHaveTextContent(
      'Title h1',
    );
  });
});
