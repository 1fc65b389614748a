import type { PreviewLink } from '@masthead/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/ui/dialog.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useCreatePreviewMutation } from '../api/previews-api.js';
import { safePreviewUrl } from '../preview-address.js';
import {
  MAX_SHARE_LABEL_LENGTH,
  SHARE_DEFAULT_DAYS,
  SHARE_MAX_DAYS,
  SHARE_MIN_DAYS,
} from '@masthead/contract/preview-limits';
import { ErrorBox } from './error-box.js';
import { ShareList } from './share-list.js';
import '../../../components/ui/button.css';
import '../previews.css';

export interface SharePreviewDialogProps {
  domain: string;
  postId: string;
  /** The editor holds unsaved changes, which no link shows. */
  unsaved: boolean;
  onClose: () => void;
}

/** A whole number of days a share link may last, or null. */
export function parseDays(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const days = Number(text);
  return days >= SHARE_MIN_DAYS && days <= SHARE_MAX_DAYS ? days : null;
}

/**
 * Share preview… (issue 30): makes a link for people without an account (1 to 30 days, an optional
 * label), shows it once with Copy and its expiry, and lists the post's live links with Revoke. The
 * server's refusals (403, 409 too many live links, 429) are shown here, where the user acted.
 */
export default function SharePreviewDialog({ domain, postId, unsaved, onClose }: SharePreviewDialogProps) {
  const { t } = useTranslation();
  const ids = useId();
  const [days, setDays] = useState(String(SHARE_DEFAULT_DAYS));
  const [label, setLabel] = useState('');
  const [daysInvalid, setDaysInvalid] = useState(false);
  const [create, creation] = useCreatePreviewMutation();
  const [created, setCreated] = useState<{ link: PreviewLink; url: string } | null>(null);
  const daysRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (creation.isLoading) return;
    const chosen = parseDays(days);
    setDaysInvalid(chosen === null);
    if (chosen === null) {
      daysRef.current?.focus();
      return;
    }
    const trimmed = label.trim();
    const result = await create({
      domain,
      postId,
      body: { share: true, days: chosen, ...(trimmed ? { label: trimmed } : {}) },
    });
    const url = result.data && safePreviewUrl(result.data.url);
    if (result.data && url) {
      setCreated({ link: result.data, url });
      setLabel('');
    }
  }

  const invalidAddress = creation.isSuccess && !created;
  return (
    <Dialog
      title={t('preview.share.title')}
      closeIcon
      onClose={onClose}
      actions={
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('preview.share.done')}
        </button>
      }
    >
      <div className="share-preview">
        <p>{t('preview.share.intro')}</p>
        {unsaved && <p className="share-preview__warning">{t('preview.share.unsaved')}</p>}
        <form className="share-preview__form" noValidate onSubmit={(event) => void submit(event)}>
          <div className="share-preview__field">
            <label htmlFor={`${ids}-days`}>{t('preview.share.days')}</label>
            <input
              ref={daysRef}
              id={`${ids}-days`}
              className="share-preview__input share-preview__input--days"
              type="number"
              inputMode="numeric"
              min={SHARE_MIN_DAYS}
              max={SHARE_MAX_DAYS}
              step={1}
              required
              value={days}
              aria-invalid={daysInvalid || undefined}
              aria-describedby={`${ids}-days-hint`}
              onChange={(event) => {
                setDays(event.target.value);
                setDaysInvalid(false);
              }}
            />
            <p
              id={`${ids}-days-hint`}
              className={daysInvalid ? 'share-preview__invalid' : 'share-preview__hint'}
            >
              {t(daysInvalid ? 'preview.share.daysInvalid' : 'preview.share.daysHint', {
                min: SHARE_MIN_DAYS,
                max: SHARE_MAX_DAYS,
              })}
            </p>
          </div>
          <div className="share-preview__field">
            <label htmlFor={`${ids}-label`}>{t('preview.share.label')}</label>
            <input
              id={`${ids}-label`}
              className="share-preview__input"
              type="text"
              maxLength={MAX_SHARE_LABEL_LENGTH}
              autoComplete="off"
              value={label}
              aria-describedby={`${ids}-label-hint`}
              onChange={(event) => setLabel(event.target.value)}
            />
            <p id={`${ids}-label-hint`} className="share-preview__hint">
              {t('preview.share.labelHint')}
            </p>
          </div>
          {creation.isError && <ErrorBox error={creation.error} fallback={t('preview.share.createFailed')} />}
          {invalidAddress && <ErrorBox error={{}} fallback={t('preview.share.createFailed')} />}
          <div>
            <button type="submit" className="button button--primary" disabled={creation.isLoading}>
              {creation.isLoading ? t('preview.share.creating') : t('preview.share.create')}
            </button>
          </div>
        </form>
        {created && (
          <CreatedLink key={created.link.id} url={created.url} expiresDate={created.link.expiresDate} />
        )}
        <ShareList domain={domain} postId={postId} />
      </div>
    </Dialog>
  );
}

/** The new link, shown this once (the list never shows tokens), with Copy and its expiry. */
function CreatedLink({ url, expiresDate }: { url: string; expiresDate: string }) {
  const { t } = useTranslation();
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean>();

  // The link is what the user came for: it takes the focus, selected, and is announced with its label.
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  function copy() {
    navigator.clipboard.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  }

  return (
    <section className="share-preview__created" aria-labelledby={`${ids}-title`}>
      <label id={`${ids}-title`} htmlFor={`${ids}-link`} className="share-preview__created-title">
        {t('preview.share.linkLabel')}
      </label>
      <div className="share-preview__row">
        <input
          ref={input}
          id={`${ids}-link`}
          className="share-preview__input share-preview__link"
          value={url}
          readOnly
          aria-describedby={`${ids}-expiry`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button--secondary" onClick={copy}>
          {t('preview.share.copy')}
        </button>
      </div>
      <p id={`${ids}-expiry`} className="share-preview__hint">
        {t('preview.share.linkExpires', { date: formatDateTime(expiresDate) })} {t('preview.share.shownOnce')}
      </p>
      <p className="share-preview__hint" role="status">
        {copied === undefined ? '' : t(copied ? 'preview.share.copied' : 'preview.share.copyFailed')}
      </p>
    </section>
  );
}
