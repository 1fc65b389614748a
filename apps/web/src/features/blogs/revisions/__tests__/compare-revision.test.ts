import type { BlogPost, RevisionContent } from '@masthead/contract';
import { describe, expect, it } from 'vitest';
import {
  changedValues,
  compareTags,
  compareText,
  fieldText,
  MAX_MARKED_CHANGES,
} from '../compare-revision.js';

const words = { yes: 'Yes', no: 'No' };
const tag = (id: string, name: string) => ({ id, tag: name.toLowerCase(), tagDisplayName: name });

const revision: RevisionContent = {
  title: 'Red apples',
  shortDescription: 'About apples',
  featureImageUrl: '',
  editorHtmlContent: '<p>Red apples are sweet.</p>',
  editorState: null,
  editorTextString: 'Red apples are sweet.',
  tags: [tag('t1', 'Fruit'), tag('t2', 'Autumn')],
  category: { id: 'c1', category: 'food', categoryDisplayName: 'Food' },
  fields: { client: 'Acme Corp', featured: true, regions: ['EU', 'US'] },
  writtenBy: 'Ana',
};

const current = {
  ...revision,
  id: 'p1',
  slug: 'green-pears',
  title: 'Green pears',
  shortDescription: 'About apples',
  tags: [tag('t1', 'Fruit'), tag('t3', 'Winter')],
  category: null,
  fields: { client: 'Acme Corp', featured: false, regions: ['EU'], rating: '5' },
  createdDate: '2026-01-01T00:00:00.000Z',
  lastModifiedDate: '2026-01-02T00:00:00.000Z',
  published: false,
  approved: false,
  scheduledFor: null,
} satisfies BlogPost;

describe('compareText', () => {
  it('should mark the words removed since the version and the words added', () => {
    const result = compareText(
      { text: 'The first draft praises red apples.', html: '' },
      { text: 'The fourth draft praises green pears.', html: '' },
    );
    expect(result.kind).toBe('marked');
    if (result.kind !== 'marked') return;
    const of = (kind: string) =>
      result.parts.filter((part) => part.kind === kind).map((part) => part.text.trim());
    expect(of('removed')).toEqual(['first', 'red apples']);
    expect(of('inserted')).toEqual(['fourth', 'green pears']);
    expect(result.parts.map((part) => (part.kind === 'inserted' ? '' : part.text)).join('')).toBe(
      'The first draft praises red apples.',
    );
  });

  it('should tell the same text from text whose formatting alone changed', () => {
    expect(compareText({ text: 'A b.', html: '<p>A b.</p>' }, { text: 'A b.', html: '<p>A b.</p>' })).toEqual(
      {
        kind: 'same',
      },
    );
    expect(
      compareText({ text: 'A b.', html: '<p>A b.</p>' }, { text: 'A b.', html: '<p><b>A</b> b.</p>' }),
    ).toEqual({ kind: 'formatting' });
  });

  it('should stop marking when the texts differ in more words than it marks', () => {
    const many = (prefix: string) =>
      Array.from({ length: MAX_MARKED_CHANGES + 10 }, (_, i) => `${prefix}${i}`).join(' ');
    expect(compareText({ text: many('a'), html: '' }, { text: many('b'), html: '' })).toEqual({
      kind: 'tooDifferent',
    });
  });
});

describe('compareTags', () => {
  it('should list the tags added since the version and the tags removed, by name', () => {
    expect(compareTags(revision.tags, current.tags)).toEqual({ added: ['Winter'], removed: ['Autumn'] });
    expect(compareTags(revision.tags, [...revision.tags].reverse())).toEqual({ added: [], removed: [] });
  });
});

describe('changedValues', () => {
  it('should list each changed part with its value in the version and now, fields by their label', () => {
    const defs = [{ key: 'featured', label: 'Featured', type: 'boolean' as const, required: false }];
    expect(changedValues(revision, current, defs, words)).toEqual([
      { name: 'title', isField: false, before: 'Red apples', after: 'Green pears' },
      { name: 'category', isField: false, before: 'Food', after: '' },
      { name: 'Featured', isField: true, before: 'Yes', after: 'No' },
      { name: 'regions', isField: true, before: 'EU, US', after: 'EU' },
      { name: 'rating', isField: true, before: '', after: '5' },
    ]);
  });

  it('should list nothing for a version equal to the post', () => {
    expect(changedValues(revision, { ...current, ...revision }, [], words)).toEqual([]);
  });
});

describe('fieldText', () => {
  it('should write every kind of value as text', () => {
    expect(fieldText(undefined, words)).toBe('');
    expect(fieldText(null, words)).toBe('');
    expect(fieldText(false, words)).toBe('No');
    expect(fieldText(['a', 'b'], words)).toBe('a, b');
    expect(fieldText(3, words)).toBe('3');
  });
});
