import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ContentEditor from '../editor.js';
import { ImagePickerContext, type RenderImagePicker } from '../image-picker.js';
import { InsertImageDialog } from '../plugins/image-plugin/insert-image-dialog.js';
import { editorOf, exportHtml } from './editor-fixtures.js';

const HARBOUR = 'https://cdn.test/harbour.jpg';

const fakePicker: RenderImagePicker = (onPick) => (
  <button
    type="button"
    onClick={() => onPick({ src: HARBOUR, altText: 'A harbour', width: 3000, height: 2000 })}
  >
    Pick the harbour
  </button>
);

function renderDialog(onInsert = vi.fn()) {
  render(
    <ImagePickerContext.Provider value={fakePicker}>
      <InsertImageDialog onInsert={onInsert} onClose={vi.fn()} />
    </ImagePickerContext.Provider>,
  );
  return onInsert;
}

describe('Insert image dialog with a picker', () => {
  it('should fill the address and alt text from the picked image, show its size and insert it with it', async () => {
    const user = userEvent.setup();
    const onInsert = renderDialog();
    expect(screen.queryByText(/Size of the picked image/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pick the harbour' }));
    expect(screen.getByRole('textbox', { name: 'Image address' })).toHaveValue(HARBOUR);
    expect(screen.getByRole('textbox', { name: 'Alt text' })).toHaveValue('A harbour');
    // Shown with "×" and "px"; read out in words.
    expect(screen.getByText('Size of the picked image: 3000 × 2000 px')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    expect(screen.getByText('Size of the picked image: 3000 by 2000 pixels')).toHaveClass('visually-hidden');

    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(onInsert).toHaveBeenCalledWith({
      src: HARBOUR,
      altText: 'A harbour',
      caption: '',
      showCaption: false,
      width: 3000,
      height: 2000,
    });
  });

  it('should forget the picked size once the address is changed by hand', async () => {
    const user = userEvent.setup();
    const onInsert = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Pick the harbour' }));
    const address = screen.getByRole('textbox', { name: 'Image address' });
    await user.clear(address);
    await user.type(address, 'https://example.com/other.png');
    expect(screen.queryByText(/Size of the picked image/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(onInsert).toHaveBeenCalledWith({
      src: 'https://example.com/other.png',
      altText: 'A harbour',
      caption: '',
      showCaption: false,
    });
  });

  it('should still take a typed address without a picker', async () => {
    const user = userEvent.setup();
    const onInsert = vi.fn();
    render(<InsertImageDialog onInsert={onInsert} onClose={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Pick the harbour' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Image address' }), 'https://example.com/x.png');
    await user.type(screen.getByRole('textbox', { name: 'Alt text' }), 'X');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(onInsert).toHaveBeenCalledWith(expect.objectContaining({ src: 'https://example.com/x.png' }));
    expect(onInsert.mock.calls[0]![0]).not.toHaveProperty('width');
  });
});

describe('Inserting an image in the editor (issue 31)', () => {
  async function insertThroughDialog(
    fill: (dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>) => Promise<void>,
  ) {
    const user = userEvent.setup();
    render(
      <ImagePickerContext.Provider value={fakePicker}>
        <span id="content-label">Content *</span>
        <ContentEditor
          id="content"
          labelledBy="content-label"
          initialState={null}
          onChange={() => undefined}
        />
      </ImagePickerContext.Provider>,
    );
    await act(async () => undefined);
    await user.click(screen.getByRole('button', { name: 'Insert image' }));
    const dialog = screen.getByRole('dialog', { name: 'Insert image' });
    await fill(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    return new DOMParser().parseFromString(exportHtml(editorOf()), 'text/html').querySelector('figure > img');
  }

  it("should export a picked asset's <img> with its width and height, and show it so in the editor", async () => {
    const img = await insertThroughDialog(async (dialog, user) => {
      await user.click(within(dialog).getByRole('button', { name: 'Pick the harbour' }));
    });
    expect(img?.getAttribute('src')).toBe(HARBOUR);
    expect(img?.getAttribute('width')).toBe('3000');
    expect(img?.getAttribute('height')).toBe('2000');
    const shown = screen.getByRole('textbox', { name: 'Content *' }).querySelector('figure img');
    expect(shown).toHaveAttribute('width', '3000');
    expect(shown).toHaveAttribute('height', '2000');
  });

  it('should export an image inserted by address without a width or height', async () => {
    const img = await insertThroughDialog(async (dialog, user) => {
      await user.type(within(dialog).getByLabelText('Image address'), 'https://example.com/x.png');
      await user.type(within(dialog).getByLabelText('Alt text'), 'X');
    });
    expect(img?.getAttribute('src')).toBe('https://example.com/x.png');
    expect(img?.hasAttribute('width')).toBe(false);
    expect(img?.hasAttribute('height')).toBe(false);
  });
});
