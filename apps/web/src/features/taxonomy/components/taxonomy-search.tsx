import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../config/constants.js';

interface TaxonomySearchProps {
  search: string;
  placeholder: string;
  label: string;
  onSearch: (search: string) => void;
}

/** The server searches; waiting for a pause in typing saves a request per keystroke. */
export function TaxonomySearch({ search, placeholder, label, onSearch }: TaxonomySearchProps) {
  const [text, setText] = useState(search);

  useEffect(() => {
    if (text === search) return;
    const timer = window.setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, search, onSearch]);

  return (
    <input
      type="search"
      className="taxonomy-panel__search"
      placeholder={placeholder}
      aria-label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
