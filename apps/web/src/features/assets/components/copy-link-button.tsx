import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.js';
import { CheckIcon, LinkIcon } from './asset-icons.js';

/** How long the button says "Copied" after a copy. */
export const COPIED_FEEDBACK_MS = 2000;

/**
 * Copies the asset's download link (navigator.clipboard) and confirms it in the button, which a
 * screen reader hears through the status region beside it.
 */
export function CopyLinkButton({ url, fileName }: { url: string; fileName: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), COPIED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button--secondary assets-table__copy"
        aria-label={t('assets.copyLinkFor', { name: fileName })}
        onClick={() => void copy()}
      >
        {state === 'copied' ? <CheckIcon /> : <LinkIcon />}
        <span aria-hidden="true">{state === 'copied' ? t('assets.copied') : t('assets.copyLink')}</span>
      </button>
      <span role="status" className="visually-hidden">
        {state === 'copied' ? t('assets.copiedAnnounced', { name: fileName }) : ''}
        {state === 'failed' ? t('assets.copyFailed') : ''}
      </span>
    </>
  );
}
