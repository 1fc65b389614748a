import type { Tag, TagRef } from '@masthead/contract';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../../lib/use-translation.js';
import './tag-picker.css';

interface TagPickerProps {
  /** The combobox input's id, for the visible label's htmlFor. */
  id: string;
  labelId: string;
  /** The domain's tags; undefined while they load. */
  options: Tag[] | undefined;
  value: TagRef[];
  onChange: (tags: TagRef[]) => void;
  disabled?: boolean;
}

const toRef = ({ id, tag, tagDisplayName }: TagRef): TagRef => ({ id, tag, tagDisplayName });

/** The tags not chosen yet whose display name contains the query, ignoring case. */
export function matchingTags(options: Tag[], chosen: TagRef[], query: string): Tag[] {
  const chosenIds = new Set(chosen.map((tag) => tag.id));
  const needle = query.trim().toLocaleLowerCase();
  return options.filter(
    (tag) => !chosenIds.has(tag.id) && tag.tagDisplayName.toLocaleLowerCase().includes(needle),
  );
}

/**
 * A multi-select combobox (WAI-ARIA 1.2 combobox with a listbox popup and list autocomplete): type to
 * filter, arrows to move, Enter to pick, Escape to close, Backspace in the empty input to remove the
 * last chip. Focus stays in the input; the active option is announced through aria-activedescendant.
 */
export function TagPicker({ id, labelId, options, value, onChange, disabled = false }: TagPickerProps) {
  const { t } = useTranslation();
  const listboxId = useId();
  const optionIdPrefix = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const matches = useMemo(() => matchingTags(options ?? [], value, query), [options, value, query]);
  const activeIndex = active < matches.length ? active : matches.length - 1;
  const activeTag = activeIndex >= 0 ? matches[activeIndex] : undefined;
  const optionId = (tag: Tag) => `${optionIdPrefix}-${tag.id}`;

  const openList = (index: number) => {
    setOpen(true);
    setActive(index);
  };

  const pick = (tag: Tag) => {
    onChange([...value, toRef(tag)]);
    setQuery('');
    setActive(-1);
  };

  const remove = (tag: TagRef) => {
    onChange(value.filter((chosen) => chosen.id !== tag.id));
    // The chip's button disappears with it; the input is where the user carries on.
    inputRef.current?.focus();
  };

  const move = (step: 1 | -1) => {
    if (matches.length === 0) return openList(-1);
    if (!open) return openList(step === 1 ? 0 : matches.length - 1);
    const next = (activeIndex + step + matches.length) % matches.length;
    setActive(next);
    document.getElementById(optionId(matches[next]!))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter':
        // Never submits the form, whether or not an option is active.
        event.preventDefault();
        if (open && activeTag) pick(activeTag);
        break;
      case 'Escape':
        if (open) {
          // Handled here: a surrounding dialog or page must not also react to this Escape.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        } else if (query) {
          event.preventDefault();
          setQuery('');
        }
        break;
      case 'Backspace': {
        const last = value[value.length - 1];
        if (query === '' && last) {
          event.preventDefault();
          onChange(value.slice(0, -1));
        }
        break;
      }
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const expanded = open && !disabled;
  const showList = expanded && matches.length > 0;

  return (
    <div className="tag-picker">
      <div className="tag-picker__box" onClick={() => !disabled && inputRef.current?.focus()}>
        {value.length > 0 && (
          <ul className="tag-picker__chips" aria-label={t('blogEditor.chosenTags')}>
            {value.map((tag) => (
              <li key={tag.id} className="tag-chip">
                <span>{tag.tagDisplayName}</span>
                <button
                  type="button"
                  className="tag-chip__remove"
                  aria-label={t('blogEditor.removeTag', { tag: tag.tagDisplayName })}
                  disabled={disabled}
                  onClick={(event) => {
                    event.stopPropagation();
                    remove(tag);
                  }}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          ref={inputRef}
          id={id}
          className="tag-picker__input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={showList && activeTag ? optionId(activeTag) : undefined}
          autoComplete="off"
          placeholder={t('blogEditor.tagSearch')}
          disabled={disabled}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            openList(event.target.value.trim() === '' ? -1 : 0);
          }}
          onKeyDown={onKeyDown}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
      </div>
      <ul
        id={listboxId}
        role="listbox"
        aria-labelledby={labelId}
        className="tag-picker__popup"
        hidden={!showList}
      >
        {matches.map((tag, index) => (
          <li
            key={tag.id}
            id={optionId(tag)}
            role="option"
            aria-selected={index === activeIndex}
            className="tag-picker__option"
            // Keeps the focus (and the list) in the input while the mouse picks.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => index !== activeIndex && setActive(index)}
            onClick={() => pick(tag)}
          >
            {tag.tagDisplayName}
          </li>
        ))}
      </ul>
      {expanded && matches.length === 0 && (
        <p className="tag-picker__popup tag-picker__empty" role="status">
          {options === undefined ? t('blogEditor.tagsLoading') : t('blogEditor.noMatchingTags')}
        </p>
      )}
    </div>
  );
}
