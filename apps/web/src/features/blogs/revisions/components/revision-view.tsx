import type { ColumnDef, RevisionEntry } from '@masthead/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { formatDateTime } from '../../../../lib/format-date.js';
import { useTranslation } from '../../../../lib/use-translation.js';
import type { VersionedPost } from '../../api/get-blog.js';
import { useGetPostRevisionQuery } from '../api/revisions-api.js';
import { entrySummary, saverName } from '../revision-words.js';
import { RestoreDialog, type RestoredVersion } from './restore-dialog.js';
import { RevisionCompare } from './revision-compare.js';
import { RevisionContentView } from './revision-content-view.js';

interface RevisionViewProps {
  domain: string;
  current: VersionedPost;
  defs: ColumnDef[];
  entry: RevisionEntry;
  canRestore: boolean;
  unsaved: boolean;
  onBack: () => void;
  onRestored: (restored: RestoredVersion) => void;
  onConflict: () => void;
}

type Mode = 'version' | 'compare';

/** One version, read-only or compared with the current post, and the way to restore it. */
export function RevisionView(props: RevisionViewProps) {
  const { domain, current, entry, onBack } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [mode, setMode] = useState<Mode>('version');
  const [confirming, setConfirming] = useState(false);
  const revision = useGetPostRevisionQuery({ domain, postId: current.post.id, revisionId: entry.id });
  const when = formatDateTime(entry.at);
  const who = saverName(entry, t);
  const content = revision.data?.content;

  // The panel's content changed under the user: say where they are now.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className="history-version" aria-labelledby={headingId}>
      <div className="history-version__bar">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('history.backToList')}
        </button>
        {content && props.canRestore && (
          <button type="button" className="button button--primary" onClick={() => setConfirming(true)}>
            {t('history.restore')}
          </button>
        )}
      </div>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="history-version__heading">
        {t('history.versionHeading', { date: when })}
      </h3>
      <p className="history-version__meta">
        {entrySummary(entry, t, formatDateTime)}
        {who && ` · ${t('history.savedBy', { who })}`}
      </p>

      {revision.isError && !revision.isFetching && (
        <div className="history__state" role="alert">
          <p>{t('history.versionLoadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void revision.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {!content && !revision.isError && (
        <p className="history__state" role="status">
          {t('history.versionLoading')}
        </p>
      )}
      {content && (
        <>
          {!props.canRestore && <p className="history-version__locked">{t('history.restoreLocked')}</p>}
          <div className="history-version__modes" role="group" aria-label={t('history.modeLabel')}>
            {(['version', 'compare'] as const).map((option) => (
              <button
                key={option}
                type="button"
                className="history-version__mode"
                aria-pressed={mode === option}
                onClick={() => setMode(option)}
              >
                {t(option === 'version' ? 'history.showVersion' : 'history.showCompare')}
              </button>
            ))}
          </div>
          {mode === 'version' ? (
            <RevisionContentView content={content} defs={props.defs} />
          ) : (
            <RevisionCompare content={content} current={current.post} defs={props.defs} />
          )}
        </>
      )}
      {confirming && (
        <RestoreDialog
          domain={domain}
          current={current}
          entry={entry}
          unsaved={props.unsaved}
          onCancel={() => setConfirming(false)}
          onRestored={props.onRestored}
          onConflict={props.onConflict}
        />
      )}
    </section>
  );
}
