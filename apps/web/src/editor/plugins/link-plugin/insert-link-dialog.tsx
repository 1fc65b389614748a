import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.js';
import { DialogField, EditorDialog } from '../../ui/editor-dialog.js';
import { normalizeLinkUrl } from '../../utils/url-validation.js';

export interface LinkDraft {
  url: string;
  text: string;
}

interface InsertLinkDialogProps {
  /** The selected text and, when the selection is in a link, its address. */
  initial: LinkDraft;
  onInsert: (link: LinkDraft) => void;
  onClose: () => void;
}

/** Asks for a link's address and text; with no address it inserts nothing (spec §5). */
export function InsertLinkDialog({ initial, onInsert, onClose }: InsertLinkDialogProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(initial.url);
  const [text, setText] = useState(initial.text);
  const [submitted, setSubmitted] = useState(false);
  const urlRef = useRef<HTMLInputElement>(null);

  const normalized = normalizeLinkUrl(url);
  const urlError =
    url.trim() === ''
      ? t('editor.link.urlRequired')
      : normalized === null
        ? t('editor.link.urlInvalid')
        : null;

  const submit = () => {
    setSubmitted(true);
    if (normalized === null) {
      urlRef.current?.focus();
      return;
    }
    onInsert({ url: normalized, text: text.trim() === '' ? normalized : text });
  };

  return (
    <EditorDialog
      title={t('editor.link.title')}
      submitLabel={t('editor.dialog.insert')}
      onSubmit={submit}
      onClose={onClose}
    >
      <DialogField
        inputRef={urlRef}
        type="url"
        label={t('editor.link.url')}
        hint={t('editor.link.urlHint')}
        value={url}
        onChange={setUrl}
        error={submitted ? urlError : null}
      />
      <DialogField
        label={t('editor.link.text')}
        hint={t('editor.link.textHint')}
        value={text}
        onChange={setText}
      />
    </EditorDialog>
  );
}
