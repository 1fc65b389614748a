import { useContext, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.js';
import { ImagePickerContext, type PickedImage } from '../../image-picker.js';
import type { ImagePayload } from '../../nodes/image-node.js';
import { DialogField, EditorDialog } from '../../ui/editor-dialog.js';
import { isAllowedImageUrl } from '../../utils/url-validation.js';

interface InsertImageDialogProps {
  onInsert: (payload: ImagePayload) => void;
  onClose: () => void;
}

/**
 * Asks for the image address, its alt text and an optional caption (images are referenced by URL).
 * Where the route provides a picker (the domain's assets), picking an image fills the address and
 * the alt text, which stay editable, and shows its size, which the image is inserted with (issue 31:
 * pages reserve its space). An address typed by hand, or changed after the pick, has no known size.
 */
export function InsertImageDialog({ onInsert, onClose }: InsertImageDialogProps) {
  const { t } = useTranslation();
  const [src, setSrc] = useState('');
  const [altText, setAltText] = useState('');
  const [caption, setCaption] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const srcRef = useRef<HTMLInputElement>(null);
  const altRef = useRef<HTMLInputElement>(null);
  const renderPicker = useContext(ImagePickerContext);
  const pick = (image: PickedImage) => {
    setSrc(image.src);
    setAltText(image.altText);
    setPicked(image);
  };
  // The size belongs to the picked image only while the address is still that image's.
  const size =
    picked?.width && picked.height && picked.src === src.trim()
      ? { width: picked.width, height: picked.height }
      : null;

  const srcError =
    src.trim() === ''
      ? t('editor.image.srcRequired')
      : isAllowedImageUrl(src)
        ? null
        : t('editor.image.srcInvalid');
  const altError = altText.trim() === '' ? t('editor.image.altRequired') : null;

  const submit = () => {
    setSubmitted(true);
    if (srcError || altError) {
      // Focus lands on the first field to fix, whose message is read with it.
      (srcError ? srcRef : altRef).current?.focus();
      return;
    }
    onInsert({
      src: src.trim(),
      altText: altText.trim(),
      caption: caption.trim(),
      showCaption: caption.trim() !== '',
      ...size,
    });
  };

  return (
    <EditorDialog
      title={t('editor.image.title')}
      submitLabel={t('editor.dialog.insert')}
      onSubmit={submit}
      onClose={onClose}
    >
      <DialogField
        inputRef={srcRef}
        type="url"
        label={t('editor.image.src')}
        hint={t('editor.image.srcHint')}
        value={src}
        onChange={setSrc}
        error={submitted ? srcError : null}
      />
      {size && (
        <p className="editor-dialog__hint">
          {/* Screen readers would read "×" and "px" as a sign and two letters: they get words. */}
          <span aria-hidden="true">{t('editor.image.size', size)}</span>
          <span className="visually-hidden">{t('editor.image.sizeSpoken', size)}</span>
        </p>
      )}
      <DialogField
        inputRef={altRef}
        label={t('editor.image.alt')}
        hint={t('editor.image.altHint')}
        value={altText}
        onChange={setAltText}
        error={submitted ? altError : null}
      />
      <DialogField
        label={t('editor.image.caption')}
        hint={t('editor.image.captionHint')}
        value={caption}
        onChange={setCaption}
      />
      {renderPicker?.(pick)}
    </EditorDialog>
  );
}
