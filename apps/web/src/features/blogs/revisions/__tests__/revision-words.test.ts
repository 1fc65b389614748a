import type { RevisionEntry } from '@masthead/contract';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../../test/test-i18n.js';
import { entrySummary, keepsContent, saverName } from '../revision-words.js';
import { revisionEntry } from './revision-fixtures.js';

beforeAll(initTestI18n);
// i18n.t once i18n is initialised (a TFunction: the real English texts).
const t: typeof i18n.t = ((...args: Parameters<typeof i18n.t>) => i18n.t(...args)) as typeof i18n.t;
const date = (iso: string) => `on ${iso.slice(0, 10)}`;

const entry = revisionEntry;

describe('entrySummary', () => {
  it('should say what a save changed, with tags counted', () => {
    const line = entrySummary(
      entry({ changes: ['title', 'content', 'tags'], tagsAdded: 2, tagsRemoved: 1 }),
      t,
      date,
    );
    expect(line).toBe('Changed title, content, 2 tags added, 1 tag removed');
    expect(entrySummary(entry({ changes: ['tags'] }), t, date)).toBe('Changed tags reordered');
    expect(entrySummary(entry({ changes: [] }), t, date)).toBe('Saved without changes');
  });

  it('should name restores and workflow events, and when a post was scheduled for', () => {
    expect(entrySummary(entry({ kind: 'restored', changes: ['content'] }), t, date)).toBe(
      'Restored an earlier version: content',
    );
    expect(entrySummary(entry({ kind: 'created', changes: [] }), t, date)).toBe('Created');
    expect(entrySummary(entry({ kind: 'unapproved', changes: [] }), t, date)).toBe('Approval withdrawn');
    expect(
      entrySummary(
        entry({ kind: 'scheduled', changes: [], scheduledFor: '2026-05-01T10:00:00.000Z' }),
        t,
        date,
      ),
    ).toBe('Scheduled for on 2026-05-01');
  });
});

describe('saverName', () => {
  it('should name a person, the scheduled publisher, and nobody for the baseline', () => {
    expect(saverName(entry(), t)).toBe('Ana Lima');
    expect(saverName(entry({ by: { email: 'bo@example.com', name: ' ' } }), t)).toBe('bo@example.com');
    expect(saverName(entry({ kind: 'published', by: { email: 'system', name: null } }), t)).toBe(
      'Scheduled publishing',
    );
    expect(saverName(entry({ kind: 'baseline', by: { email: 'system', name: null } }), t)).toBeNull();
  });
});

describe('keepsContent', () => {
  it('should hold for saves and not for workflow events', () => {
    expect(
      ['baseline', 'created', 'updated', 'restored'].every((kind) => keepsContent({ kind } as RevisionEntry)),
    ).toBe(true);
    expect(keepsContent({ kind: 'published' })).toBe(false);
  });
});
