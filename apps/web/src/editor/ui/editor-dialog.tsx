import { useId, type FormEvent, type ReactNode, type Ref } from 'react';
import { Modal } from '../../components/ui/modal.js';
import { useTranslation } from '../../lib/use-translation.js';
import '../../components/ui/button.css';
import './editor-dialog.css';

interface EditorDialogProps {
  title: string;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The small modal the toolbar opens (image, link, table), on the same native modal <dialog> as every
 * other dialog (components/ui/modal.tsx, decision 044). It is portalled to <body>, so its markup is
 * never inside the contenteditable or the post form; Escape and Cancel close it.
 */
export function EditorDialog({ title, submitLabel, onSubmit, onClose, children }: EditorDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // React passes events up through the portal: without this, the post form around the editor
    // would be submitted too.
    event.stopPropagation();
    onSubmit();
  };

  return (
    <Modal className="modal editor-dialog" aria-modal="true" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="editor-dialog__title">
        {title}
      </h2>
      {/* The fields are checked here with messages of our own, so the browser's bubbles stay off. */}
      <form className="editor-dialog__form" noValidate onSubmit={handleSubmit}>
        {children}
        <div className="editor-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary">
            {submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

interface DialogFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'url' | 'number';
  hint?: string;
  error?: string | null;
  min?: number;
  max?: number;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error message are tied to it with aria-describedby. */
export function DialogField({
  label,
  value,
  onChange,
  type = 'text',
  hint,
  error,
  min,
  max,
  inputRef,
}: DialogFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="editor-dialog__field">
      <label htmlFor={id} className="editor-dialog__label">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className={`editor-dialog__input${error ? ' editor-dialog__input--invalid' : ''}`}
        type={type}
        value={value}
        min={min}
        max={max}
        inputMode={type === 'number' ? 'numeric' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={hintId} className="editor-dialog__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="editor-dialog__error">
          {error}
        </p>
      )}
    </div>
  );
}
