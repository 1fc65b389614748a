import { useTranslation } from '../../../lib/use-translation.js';
import { ErrorLines } from './error-lines.js';

interface ListStateProps {
  query: { isLoading: boolean; isError: boolean; error?: unknown; refetch: () => unknown };
  empty: boolean;
  emptyText: string;
}

/** A list's loading, error (with a retry) and empty states; null once there are rows to show. */
export function ListState({ query, empty, emptyText }: ListStateProps) {
  const { t } = useTranslation();
  if (query.isLoading)
    return (
      <p className="integrations__state" role="status">
        {t('common.loading')}
      </p>
    );
  if (query.isError)
    return (
      <div className="integrations__state">
        <ErrorLines error={query.error ?? {}} />
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  return empty ? <p className="integrations__state">{emptyText}</p> : null;
}
