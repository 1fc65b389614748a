import { useTranslation } from '../../../lib/use-translation.js';
import { FIELD_TYPES, keyFromLabel, type FieldDraft } from '../field-drafts.js';

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
      aria-labelledby={id('heading')}
    >
      <div className="field-row__head">
        {/* The mouse's way to reorder; the buttons are the keyboard's (and the screen reader's). */}
        <span
          className="field-row__grip"
          aria-hidden="true"
          draggable
          title={t('customFields.drag')}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', draft.uid);
            onDragStart();
          }}
        >
          ⋮⋮
        </span>
        <h3 id={id('heading')} className="field-row__title">
          {name}
        </h3>
        <div className="field-row__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={index === 0}
            aria-label={t('customFields.moveUp', { name })}
            onClick={() => onMove(index - 1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={index === count - 1}
            aria-label={t('customFields.moveDown', { name })}
            onClick={() => onMove(index + 1)}
          >
            ↓
          </button>
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
            id={id('label')}
            className="post-field__input"
            value={draft.label}
            required
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? id('problems') : undefined}
            onChange={(event) => {
              const label = event.target.value;
              set(draft.keyEdited ? { label } : { label, key: keyFromLabel(label) });
            }}
          />
        </label>
        <label className="field-row__field">
          <span>{t('customFields.key')}</span>
          <input
            className="post-field__input"
            value={draft.key}
            readOnly={draft.saved}
            aria-describedby={id('key-hint')}
            onChange={(event) => set({ key: event.target.value, keyEdited: true })}
          />
          <small id={id('key-hint')} className="post-field__hint">
            {t(draft.saved ? 'customFields.keySaved' : 'customFields.keyHint')}
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
        {draft.type === 'select' && (
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
        <ul id={id('problems')} className="field-row__problems">
          {problems.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
