import { useCallback, useEffect, useRef, useState } from 'react';
import { readDraft, removeDraft, writeDraft, type DraftBase, type StoredDraft } from '../draft-storage.js';
import { sameValues, type PostFormValues } from '../post-form-values.js';

/** Typing pauses this long before the copy is written; leaving the page writes at once. */
export const DRAFT_DEBOUNCE_MS = 500;

interface LocalDraftOptions {
  storageKey: string;
  values: PostFormValues;
  /** What the post looked like when loaded: a draft equal to it is not worth offering. */
  loadedValues: PostFormValues;
  dirty: boolean;
  basedOn: DraftBase | null;
}

/**
 * Keeps an unsaved copy of the form in localStorage while it differs from what was loaded, and
 * offers a copy left by an earlier visit. While that offer waits for an answer nothing is written,
 * so the earlier copy is never overwritten before the user has chosen.
 */
export function useLocalDraft({ storageKey, values, loadedValues, dirty, basedOn }: LocalDraftOptions) {
  const [offer, setOffer] = useState<StoredDraft | null>(() => {
    const stored = readDraft(storageKey);
    return stored && !sameValues(stored.values, loadedValues) ? stored : null;
  });
  const stopped = useRef(false);
  const latest = useRef({ values, dirty, basedOn, offer });
  latest.current = { values, dirty, basedOn, offer };

  const flush = useCallback(() => {
    const { values, dirty, basedOn, offer } = latest.current;
    if (stopped.current || offer || !dirty) return;
    writeDraft(storageKey, { savedAt: new Date().toISOString(), basedOn, values });
  }, [storageKey]);

  useEffect(() => {
    if (stopped.current || offer) return;
    if (!dirty) {
      // Nothing unsaved (never changed, changed back, or a copy equal to the post): no copy to keep.
      removeDraft(storageKey);
      return;
    }
    const timer = window.setTimeout(flush, DRAFT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [values, dirty, offer, storageKey, flush]);

  // pagehide and a hidden tab are the last moments a closing tab or a discarded mobile page runs code.
  useEffect(() => {
    const onVisibilityChange = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      flush();
    };
  }, [flush]);

  /**
   * Before the form is replaced by a newer version of the post (after a 412), the user's version is
   * kept as a draft and offered, so they can compare and still restore it.
   */
  const keepAsOffer = useCallback(
    (values: PostFormValues) => {
      const kept = { savedAt: new Date().toISOString(), basedOn: latest.current.basedOn, values };
      writeDraft(storageKey, kept);
      setOffer(kept);
    },
    [storageKey],
  );

  /** The user took the earlier copy: the caller fills the form with it. */
  const acceptOffer = useCallback(() => setOffer(null), []);

  const discardOffer = useCallback(() => {
    removeDraft(storageKey);
    setOffer(null);
  }, [storageKey]);

  /**
   * After a save or an explicit discard, nothing is written any more and the copy goes; except that
   * discarding this visit's changes keeps an earlier copy the user has not answered for yet.
   */
  const clear = useCallback(
    (reason: 'saved' | 'discarded') => {
      stopped.current = true;
      if (reason === 'saved' || !latest.current.offer) removeDraft(storageKey);
    },
    [storageKey],
  );

  return { offer, acceptOffer, discardOffer, keepAsOffer, clear };
}
