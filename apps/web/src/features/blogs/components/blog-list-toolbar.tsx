import type { ColumnDef } from '@masthead/contract';
import { BLOG_STATUSES } from '@masthead/contract/workflow';
import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../config/constants.js';
import { useTranslation } from '../../../lib/use-translation.js';
import type { BlogListFilters } from '../hooks/use-blog-list-filters.js';

interface BlogListToolbarProps {
  filters: BlogListFilters;
  /** The domain's filterable select and multi-select fields (the demo's "Client"). */
  filterFields: ColumnDef[];
  onChange: (change: Partial<BlogListFilters>) => void;
  onNewPost: () => void;
}

/** Search, the status filter, one filter per filterable select field, and "New Blog Post". */
export function BlogListToolbar({ filters, filterFields, onChange, onNewPost }: BlogListToolbarProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(filters.search);

  // The address is the truth: a domain switch or Back may change the search under the box.
  useEffect(() => setText(filters.search), [filters.search]);

  // The server searches; waiting for a pause in typing saves a request per keystroke.
  useEffect(() => {
    if (text === filters.search) return;
    const timer = window.setTimeout(() => onChange({ search: text }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, filters.search, onChange]);

  return (
    <div className="blog-toolbar">
      <input
        type="search"
        className="blog-toolbar__search"
        placeholder={t('blogs.search')}
        aria-label={t('blogs.searchLabel')}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <select
        className="blog-toolbar__filter"
        aria-label={t('blogs.statusLabel')}
        value={filters.status ?? ''}
        onChange={(event) =>
          onChange({ status: (event.target.value || undefined) as BlogListFilters['status'] })
        }
      >
        <option value="">{t('blogs.allStatus')}</option>
        {BLOG_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`blogs.status.${status}`)}
          </option>
        ))}
      </select>
      {filterFields.map((field) => (
        <select
          key={field.key}
          className="blog-toolbar__filter"
          aria-label={field.label}
          value={filters.fields[field.key] ?? ''}
          onChange={(event) => onChange({ fields: { ...filters.fields, [field.key]: event.target.value } })}
        >
          <option value="">
            {field.key === 'client' ? t('blogs.allClients') : t('blogs.allOfField', { label: field.label })}
          </option>
          {field.options?.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ))}
      <button type="button" className="button button--primary blog-toolbar__new" onClick={onNewPost}>
        {t('blogs.newPost')}
      </button>
    </div>
  );
}
