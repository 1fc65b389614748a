import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@masthead/contract/constants';
import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../config/constants.js';
import { useGetAssetsQuery } from '../api/get-assets.js';

/**
 * The asset list's page and search. Spec §4: changing the search text keeps the page index. The
 * search goes to the server after a pause in typing. When a page past the end comes back (a narrower
 * search, or a delete that emptied the last page), the list steps back to the last page there is.
 */
export function useAssetListQuery(domain: string) {
  const [page, setPage] = useState(FIRST_PAGE);
  const [text, setText] = useState('');
  const [searchString, setSearchString] = useState('');

  useEffect(() => {
    if (text === searchString) return;
    const timer = window.setTimeout(() => setSearchString(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, searchString]);

  const list = useGetAssetsQuery({ domain, page, numberOfEntries: DEFAULT_PAGE_SIZE, searchString });
  const totalPages = list.data?.totalPages ?? 0;
  useEffect(() => {
    if (totalPages > 0 && page > totalPages - 1) setPage(totalPages - 1);
  }, [totalPages, page]);

  return { list, page, setPage, text, setText, searchString };
}
