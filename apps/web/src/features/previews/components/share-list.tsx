import type { PreviewShare } from '@masthead/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useGetPreviewSharesQuery, useRevokePreviewShareMutation } from '../api/previews-api.js';
import { ErrorBox } from './error-box.js';

interface ShareListProps {
  domain: string;
  postId: string;
}

/**
 * The post's live share links (label, who made it and when, when it expires), each with Revoke
 * behind a question; loading, error (with Retry) and empty states. Tokens are never listed.
 */
export function ShareList({ domain, postId }: ShareListProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const shares = useGetPreviewSharesQuery({ domain, postId });
  const [asked, setAsked] = useState<PreviewShare | null>(null);
  const [revoke, revocation] = useRevokePreviewShareMutation();
  const [revoked, setRevoked] = useState(false);

  // After a revoke the focus goes to the list's heading (its button is gone), once the question has
  // given it back to that button on closing.
  useEffect(() => {
    if (revoked) heading.current?.focus();
  }, [revoked]);

  async function confirmRevoke() {
    if (!asked || revocation.isLoading) return;
    const result = await revoke({ domain, postId, tokenId: asked.id });
    // Gone already (revoked elsewhere, or expired): the list is refetched either way.
    const gone = result.error && 'status' in result.error && result.error.status === 404;
    if (result.error && !gone) return;
    setAsked(null);
    revocation.reset();
    setRevoked(true);
  }

  const entries = shares.data ?? [];
  return (
    <section className="share-list" aria-labelledby={titleId}>
      <h3 id={titleId} ref={heading} tabIndex={-1} className="share-list__title">
        {t('preview.share.listTitle')}
      </h3>
      <p className="share-preview__hint" role="status">
        {revoked ? t('preview.share.revoked') : ''}
      </p>
      {shares.isLoading ? (
        <p role="status">{t('preview.share.listLoading')}</p>
      ) : shares.isError ? (
        <div className="share-list__state">
          <ErrorBox error={shares.error} fallback={t('preview.share.listFailed')} />
          <button type="button" className="button button--secondary" onClick={() => void shares.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : entries.length === 0 ? (
        <p>{t('preview.share.listEmpty')}</p>
      ) : (
        <ul className="share-list__items">
          {entries.map((share) => (
            <li key={share.id} className="share-list__item">
              <div className="share-list__text">
                <span className="share-list__label">{share.label ?? t('preview.share.noLabel')}</span>
                <span>
                  {t('preview.share.madeBy', {
                    who: share.createdBy,
                    date: formatDateTime(share.createdDate),
                  })}
                </span>
                <span>{t('preview.share.expires', { date: formatDateTime(share.expiresDate) })}</span>
                {share.revisionId && <span>{t('preview.share.ofRevision')}</span>}
              </div>
              <button
                type="button"
                className="button button--secondary"
                aria-label={t('preview.share.revokeNamed', {
                  label: share.label ?? t('preview.share.noLabel'),
                })}
                onClick={() => {
                  revocation.reset();
                  setRevoked(false);
                  setAsked(share);
                }}
              >
                {t('preview.share.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {asked && (
        <ConfirmDialog
          title={t('preview.share.revokeTitle')}
          cancelLabel={t('common.cancel')}
          confirmLabel={t('preview.share.revoke')}
          tone="danger"
          busyLabel={revocation.isLoading ? t('preview.share.revoking') : undefined}
          onCancel={() => setAsked(null)}
          onConfirm={() => void confirmRevoke()}
        >
          <p>{t('preview.share.revokeBody', { label: asked.label ?? t('preview.share.noLabel') })}</p>
          {revocation.isError && (
            <ErrorBox error={revocation.error} fallback={t('preview.share.revokeFailed')} />
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
