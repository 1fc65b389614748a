import { SELECTED_DOMAIN_STORAGE_KEY } from '../../config/constants.js';

/** The selected domain as an id and host name pair (spec §3). */
export interface SelectedDomain {
  id: string;
  domain: string;
}

function isSelectedDomain(value: unknown): value is SelectedDomain {
  if (typeof value !== 'object' || value === null) return false;
  const { id, domain } = value as Record<string, unknown>;
  return typeof id === 'string' && id !== '' && typeof domain === 'string';
}

/** The choice saved by the last visit; storage may be blocked or hold junk, and both mean "none". */
export function loadPersistedDomain(): SelectedDomain | undefined {
  try {
    const raw = window.localStorage.getItem(SELECTED_DOMAIN_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    return isSelectedDomain(parsed) ? { id: parsed.id, domain: parsed.domain } : undefined;
  } catch {
    return undefined;
  }
}

export function persistDomain(selected: SelectedDomain): void {
  try {
    window.localStorage.setItem(SELECTED_DOMAIN_STORAGE_KEY, JSON.stringify(selected));
  } catch {
    // Private modes may refuse storage; the selection then lasts for this page only.
  }
}
