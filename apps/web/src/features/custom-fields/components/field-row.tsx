import { useTranslation } from '../../../lib/use-translation.js';
import { FIELD_TYPES, hasOptions, type FieldDraft } from '../field-drafts.js';

interface FieldRowProps {
  draft: FieldDraft;
  index: number;
  count: number;
  problems: string[] | undefined;
  onChange: (draft: FieldDraft) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  /** Native drag and drop: the row being dragged, and where it is dropped. */
  onDragStart: () => void;
  onDrop: () => void;
}

/** One field definition: its label, key, type, required, options and filterable, and its place. */
export function FieldRow({
  draft,
  index,
  count,
  problems,
  onChange,
  onMove,
  onRemove,
  onDragStart,
  onDrop,
}: FieldRowProps) {
  const { t } = useTranslation();
  const id = (part: string) => `${draft.uid}-${part}`;
  const name = draft.label.trim() || t('customFields.untitled', { number: index + 1 });
  const set = (patch: Partial<FieldDraft>) => onChange({ ...draft, ...patch });
  const invalid = problems && problems.length > 0;

  return (
    <li
      className="field-row"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        onDrop();
      }}
    >
      <div className="field-row__head">
        {/* The mouse's way to reorder; the buttons are the keyboard's (and the screen reader's). */}
        <span
          className="field-row__grip"
          aria-hidden="true"
          draggable
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', draft.uid);
            onDragStart();
          }}
        >
          ⋮⋮
        </span>
        <span className="field-row__title">{name}</span>
        <div className="field-row__actions">
          {([-1, 1] as const).map((step) => (
            <button
              key={step}
              type="button"
              className="button button--secondary button--small"
              disabled={index + step < 0 || index + step >= count}
              aria-label={t(step < 0 ? 'customFields.moveUp' : 'customFields.moveDown', { name })}
              onClick={() => onMove(index + step)}
            >
              {step < 0 ? '↑' : '↓'}
            </button>
          ))}
          <button
            type="button"
            className="button button--danger button--small"
            aria-label={t('customFields.remove', { name })}
            onClick={onRemove}
          >
            {t('common.delete')}
          </button>
        </div>
      </div>
      <div className="field-row__grid">
        <label className="field-row__field">
          <span>{t('customFields.label')}</span>
          <input
            // A row just added takes the focus (autoFocus acts on mount only).
            autoFocus={!draft.saved}
            className="post-field__input"
            value={draft.label}
            required
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? id('problems') : undefined}
            onChange={(event) => set({ label: event.target.value })}
          />
        </label>
        <label className="field-row__field">
          <span>{t('customFields.key')}</span>
          <input
            className="post-field__input"
            value={draft.key}
            // Posts store their values under a saved key: a new key is a new field.
            readOnly={draft.saved}
            aria-describedby={id('key-hint')}
            required
            onChange={(event) => set({ key: event.target.value })}
          />
          <small id={id('key-hint')} className="post-field__hint">
            {t('customFields.keyHint')}
          </small>
        </label>
        <label className="field-row__field">
          <span>{t('customFields.type')}</span>
          <select
            className="post-field__input"
            value={draft.type}
            onChange={(event) => set({ type: event.target.value as FieldDraft['type'] })}
          >
            {FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`customFields.types.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field-row__check">
          <input
            type="checkbox"
            checked={draft.required}
            onChange={(event) => set({ required: event.target.checked })}
          />
          {t('customFields.required')}
        </label>
        {hasOptions(draft.type) && (
          <>
            <label className="field-row__field field-row__field--wide">
              <span>{t('customFields.options')}</span>
              <textarea
                className="post-field__input"
                rows={3}
                value={draft.optionsText}
                aria-describedby={id('options-hint')}
                onChange={(event) => set({ optionsText: event.target.value })}
              />
              <small id={id('options-hint')} className="post-field__hint">
                {t('customFields.optionsHint')}
              </small>
            </label>
            <label className="field-row__check">
              <input
                type="checkbox"
                checked={draft.filterable}
                onChange={(event) => set({ filterable: event.target.checked })}
              />
              {t('customFields.filterable')}
            </label>
          </>
        )}
      </div>
      {invalid && (
        <p id={id('problems')} className="field-row__problems">
          {problems.join(' ')}
        </p>
      )}
    </li>
  );
}
