import type { ColumnDef } from '@masthead/contract';
import { useTranslation } from '../../lib/use-translation.js';
import { FieldError, FieldLabel } from './form-field.js';

/**
 * A custom field as the form holds it: text for inputs and selects, true/false for checkboxes,
 * the chosen options for a multi-select.
 */
export type FieldFormValue = string | boolean | string[];

interface CustomFieldInputProps {
  def: ColumnDef;
  id: string;
  errorId: string;
  value: FieldFormValue | undefined;
  error: string | undefined;
  onChange: (value: FieldFormValue) => void;
  disabled?: boolean;
}

/** One of the domain's custom fields (DESIGN §3), rendered by its type. */
export function CustomFieldInput({
  def,
  id,
  errorId,
  value,
  error,
  onChange,
  disabled,
}: CustomFieldInputProps) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  const common = {
    id,
    disabled,
    required: def.required,
    'aria-required': def.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;

  if (def.type === 'boolean') {
    return (
      <div className="post-field post-field--check">
        <input
          {...common}
          // A box left unticked is a valid "no", so it is never required to be ticked.
          required={false}
          aria-required={undefined}
          type="checkbox"
          className="post-field__checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id} className="post-field__label">
          {def.label}
        </label>
        <FieldError id={errorId} message={error} />
      </div>
    );
  }

  if (def.type === 'multiselect') {
    // A group of boxes, one per option: every choice is visible and reachable with Tab and Space.
    const chosen = Array.isArray(value) ? value : [];
    const options = def.options ?? [];
    const toggle = (option: string, on: boolean) =>
      onChange(options.filter((candidate) => (candidate === option ? on : chosen.includes(candidate))));
    return (
      <fieldset
        id={id}
        className="post-field post-field--wide post-field--choices"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={disabled}
      >
        <legend className="post-field__label">
          {def.label}
          {def.required && <span aria-hidden="true"> *</span>}
        </legend>
        {options.map((option) => (
          <label key={option} className="post-field--check">
            <input
              type="checkbox"
              className="post-field__checkbox"
              checked={chosen.includes(option)}
              onChange={(event) => toggle(option, event.target.checked)}
            />
            {option}
          </label>
        ))}
        <FieldError id={errorId} message={error} />
      </fieldset>
    );
  }

  const wide = def.type === 'textarea';
  let control;
  if (def.type === 'textarea') {
    control = (
      <textarea
        {...common}
        className="post-field__input"
        rows={3}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else if (def.type === 'select') {
    const options = def.options ?? [];
    control = (
      <select
        {...common}
        className="post-field__input"
        value={text}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('blogEditor.selectOption')}</option>
        {/* A stored value the definitions no longer list is kept visible rather than silently lost. */}
        {text && !options.includes(text) && <option value={text}>{text}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        className="post-field__input"
        type={def.type === 'number' ? 'number' : def.type === 'date' ? 'date' : 'text'}
        inputMode={def.type === 'number' ? 'decimal' : undefined}
        step={def.type === 'number' ? 'any' : undefined}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }

  return (
    <div className={wide ? 'post-field post-field--wide' : 'post-field'}>
      <FieldLabel htmlFor={id} required={def.required}>
        {def.label}
      </FieldLabel>
      {control}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
