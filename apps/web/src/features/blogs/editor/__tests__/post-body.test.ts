import type { ColumnDef } from '@masthead/contract';
import { describe, expect, it } from 'vitest';
import { postBody } from '../post-body.js';
import { newPostValues, postToValues, sameValues } from '../post-form-values.js';
import { fakeContent } from './fake-content-editor.js';
import { savedPost } from './editor-harness.js';

const DEFS: ColumnDef[] = [
  { key: 'client', label: 'Client', type: 'select', required: true, options: ['Acme Corp'] },
  { key: 'budget', label: 'Budget', type: 'number', required: false },
  { key: 'due', label: 'Due', type: 'date', required: false },
  { key: 'featured', label: 'Featured', type: 'boolean', required: false },
  { key: 'note', label: 'Note', type: 'textarea', required: false },
];

describe('postBody', () => {
  it('should send a multi-select as its chosen options, and none as null', () => {
    const topics: ColumnDef = {
      key: 'topics',
      label: 'Topics',
      type: 'multiselect',
      required: false,
      options: ['A', 'B'],
    };
    const body = (value: string[]) =>
      postBody({ ...newPostValues('Ada'), fields: { topics: value } }, [topics]);
    expect(body(['B']).fields).toEqual({ topics: ['B'] });
    expect(body([]).fields).toEqual({ topics: null });
  });

  it('should count a multi-select changed when its options change, not when they stay', () => {
    const before = { ...newPostValues('Ada'), fields: { topics: ['A'] } };
    expect(sameValues(before, { ...before, fields: { topics: ['A'] } })).toBe(true);
    expect(sameValues(before, { ...before, fields: { topics: ['A', 'B'] } })).toBe(false);
    expect(sameValues({ ...before, fields: {} }, { ...before, fields: { topics: [] } })).toBe(true);
  });

  it('should send custom fields typed as the server checks them, empty ones as null, unknown ones not at all', () => {
    const values = {
      ...newPostValues('Ada'),
      fields: { client: 'Acme Corp', budget: '12.5', due: '', removedField: 'x' },
    };

    expect(postBody(values, DEFS).fields).toEqual({
      client: 'Acme Corp',
      budget: 12.5,
      due: null,
      featured: false,
      note: null,
    });
  });

  it('should send the stored fields back unchanged when the definitions could not be loaded', () => {
    const post = savedPost({ fields: { client: 'Globex', budget: 3 } });
    expect(postBody(postToValues(post), undefined, post.fields).fields).toEqual({
      client: 'Globex',
      budget: 3,
    });
  });

  it('should send tag ids, the category id or null, and null for an empty editor state', () => {
    const body = postBody({ ...newPostValues('Ada'), featureImageUrl: ' https://img.test/a.png ' }, []);
    expect(body).toEqual({
      title: '',
      shortDescription: '',
      featureImageUrl: 'https://img.test/a.png',
      editorHtmlContent: '',
      editorState: null,
      editorTextString: '',
      tags: [],
      category: null,
      fields: {},
      writtenBy: 'Ada',
    });
  });
});

describe('sameValues', () => {
  it('should see a loaded post as unchanged, and any edit as a change', () => {
    const loaded = postToValues(savedPost({ fields: { budget: 3 } }));
    expect(sameValues(postToValues(savedPost({ fields: { budget: 3 } })), loaded)).toBe(true);
    expect(sameValues({ ...loaded, fields: { budget: '3', featured: false } }, loaded)).toBe(true);
    expect(sameValues({ ...loaded, fields: { budget: '4' } }, loaded)).toBe(false);
    expect(sameValues({ ...loaded, tags: [] }, loaded)).toBe(false);
    expect(sameValues({ ...loaded, content: fakeContent('Other') }, loaded)).toBe(false);
  });

  it('should see an emptied editor as unchanged for a new post', () => {
    const fresh = newPostValues('Ada');
    expect(sameValues({ ...fresh, content: fakeContent('') }, fresh)).toBe(true);
    expect(sameValues({ ...fresh, content: fakeContent(' x ') }, fresh)).toBe(false);
  });
});
