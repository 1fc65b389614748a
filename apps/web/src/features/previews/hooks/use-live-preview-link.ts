import { useCallback, useEffect, useState } from 'react';
import { useCreatePreviewMutation } from '../api/previews-api.js';
import { safePreviewUrl } from '../preview-address.js';
import { PREVIEW_HOURS } from '@masthead/contract/preview-limits';

/** A token is renewed this long before it expires, so that the frame never holds a dead one. */
export const RENEW_BEFORE_MS = 5 * 60_000;
/** Never sooner than this after the last one, whatever the clocks say. */
export const MIN_RENEW_DELAY_MS = 30_000;

/**
 * When to ask for the next token: five minutes before this one expires. The server's clock sets
 * `expiresDate`; a token never lives longer than PREVIEW_HOURS, so a clock running behind the
 * server's cannot push the renewal past the real expiry.
 */
export function renewDelay(expiresDate: string, now: number = Date.now()): number {
  const untilExpiry = Date.parse(expiresDate) - now;
  const life = Math.min(Number.isFinite(untilExpiry) ? untilExpiry : 0, PREVIEW_HOURS * 3_600_000);
  return Math.max(MIN_RENEW_DELAY_MS, life - RENEW_BEFORE_MS);
}

export interface LivePreviewLink {
  /** The address the frame shows; the last good one while a new one is asked for. */
  url: string | null;
  /** A new address is being asked for (the first, after a save, or a renewal). */
  pending: boolean;
  /** The last request failed (its error; `{}` for an address that is not http(s)). */
  error: unknown;
  retry: () => void;
}

/**
 * The live pane's preview address: a new token when the pane opens and after each save (the
 * address may hold the slug, which a save can change), and again before it expires while the pane
 * stays open. An answer that arrives after a newer request was made is dropped.
 */
export function useLivePreviewLink(domain: string, postId: string, savedVersion: string): LivePreviewLink {
  const [createPreview] = useCreatePreviewMutation();
  const [url, setUrl] = useState<string | null>(null);
  const [expiresDate, setExpiresDate] = useState<string | null>(null);
  const [pending, setPending] = useState(true);
  const [error, setError] = useState<unknown>(undefined);
  // Bumped to ask again: Retry, and the renewal timer.
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    setPending(true);
    setError(undefined);
    void createPreview({ domain, postId, body: {} }).then((result) => {
      if (!current) return;
      setPending(false);
      const address = result.data && safePreviewUrl(result.data.url);
      if (result.data && address) {
        setUrl(address);
        setExpiresDate(result.data.expiresDate);
      } else {
        setError(result.error ?? {});
      }
    });
    return () => {
      current = false;
    };
  }, [createPreview, domain, postId, savedVersion, round]);

  useEffect(() => {
    if (!expiresDate) return;
    const timer = window.setTimeout(() => setRound((value) => value + 1), renewDelay(expiresDate));
    return () => window.clearTimeout(timer);
  }, [expiresDate, url]);

  const retry = useCallback(() => setRound((value) => value + 1), []);
  return { url, pending, error, retry };
}
