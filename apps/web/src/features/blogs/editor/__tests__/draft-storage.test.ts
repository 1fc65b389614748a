import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  draftKey,
  parseDraft,
  readDraft,
  removeDraft,
  writeDraft,
  type StoredDraft,
} from '../draft-storage.js';
import { newPostValues } from '../post-form-values.js';

const DRAFT: StoredDraft = {
  savedAt: '2025-03-02T10:15:00.000Z',
  basedOn: { lastModifiedDate: '2025-03-02T10:00:00.000Z', etag: '"3"' },
  values: { ...newPostValues('Ada'), title: 'Draft title', fields: { client: 'Globex', featured: true } },
};

afterEach(() => vi.restoreAllMocks());

describe('draft storage', () => {
  it('should key drafts by domain and post', () => {
    expect(draftKey('d1', 'new')).toBe('masthead.draft.d1.new');
    expect(draftKey('d1', 'p9')).toBe('masthead.draft.d1.p9');
  });

  it('should read back what it wrote', () => {
    expect(writeDraft('k', DRAFT)).toBe(true);
    expect(readDraft('k')).toEqual(DRAFT);
    removeDraft('k');
    expect(readDraft('k')).toBeNull();
  });

  it('should ignore corrupt or foreign content instead of throwing', () => {
    const valid = JSON.parse(JSON.stringify({ format: 1, ...DRAFT }));
    expect(parseDraft('{not json')).toBeNull();
    expect(parseDraft('null')).toBeNull();
    expect(parseDraft('[]')).toBeNull();
    expect(parseDraft(JSON.stringify({ ...valid, format: 2 }))).toBeNull();
    expect(parseDraft(JSON.stringify({ ...valid, savedAt: 'yesterday' }))).toBeNull();
    expect(
      parseDraft(JSON.stringify({ ...valid, values: { ...valid.values, tags: [{ id: 1 }] } })),
    ).toBeNull();
    expect(parseDraft(JSON.stringify({ ...valid, values: { ...valid.values, content: null } }))).toBeNull();
    expect(parseDraft(JSON.stringify(valid))).toEqual(DRAFT);
  });

  it('should report a full storage instead of throwing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });

    expect(writeDraft('k', DRAFT)).toBe(false);
    expect(warn).toHaveBeenCalled();
  });

  it('should treat unreadable storage as no draft', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Access denied', 'SecurityError');
    });

    expect(readDraft('k')).toBeNull();
  });
});
