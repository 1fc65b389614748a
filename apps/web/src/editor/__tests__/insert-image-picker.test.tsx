import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImagePickerContext, type RenderImagePicker } from '../image-picker.js';
import { InsertImageDialog } from '../plugins/image-plugin/insert-image-dialog.js';

const fakePicker: RenderImagePicker = (onPick) => (
  <button type="button" onClick={() => onPick({ src: 'https://cdn.test/a.png', altText: 'A harbour' })}>
    Pick the harbour
  </button>
);

describe('Insert image dialog with a picker', () => {
  it('should fill the address and alt text from the picked image and insert it', async () => {
    const user = userEvent.setup();
    const onInsert = vi.fn();
    render(
      <ImagePickerContext.Provider value={fakePicker}>
        <InsertImageDialog onInsert={onInsert} onClose={vi.fn()} />
      </ImagePickerContext.Provider>,
    );
    await user.click(screen.getByRole('button', { name: 'Pick the harbour' }));
    expect(screen.getByRole('textbox', { name: 'Image address' })).toHaveValue('https://cdn.test/a.png');
    expect(screen.getByRole('textbox', { name: 'Alt text' })).toHaveValue('A harbour');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(onInsert).toHaveBeenCalledWith(
      expect.objectContaining({ src: 'https://cdn.test/a.png', altText: 'A harbour' }),
    );
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
  });
});
