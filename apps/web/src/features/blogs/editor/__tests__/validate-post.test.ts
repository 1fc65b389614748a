import type { ColumnDef } from '@masthead/contract';
import { describe, expect, it, vi } from 'vitest';
import { newPostValues, type PostFormValues } from '../post-form-values.js';
import { validatePost } from '../validate-post.js';
import { CLIENT_FIELD } from './editor-harness.js';

vi.mock('../../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));

const FLAG: ColumnDef = { key: 'featured', label: 'Featured', type: 'boolean', required: true };
const NOTE: ColumnDef = { key: 'note', label: 'Note', type: 'text', required: false };

const filled = (patch: Partial<PostFormValues> = {}): PostFormValues => ({
  ...newPostValues('Ada'),
  title: 'Title',
  fields: { client: 'Acme Corp' },
  ...patch,
});

describe('validatePost', () => {
  it('should accept a post with every required field', () => {
    expect(validatePost(filled(), [CLIENT_FIELD, FLAG, NOTE], false)).toEqual([]);
  });

  it('should list the missing required fields in the order of the form', () => {
    const values = filled({ title: '  ', writtenBy: '', fields: { client: '' } });

    expect(validatePost(values, [NOTE, CLIENT_FIELD], true)).toEqual([
      { field: 'title', message: 'warning.mandatory' },
      { field: 'content', message: 'warning.mandatory' },
      { field: 'writtenBy', message: 'warning.mandatory' },
      { field: 'fields.client', message: 'warning.mandatory' },
    ]);
  });

  it('should require a required multi-select to hold at least one option', () => {
    const topics: ColumnDef = {
      key: 'topics',
      label: 'Topics',
      type: 'multiselect',
      required: true,
      options: ['Cloud', 'Data'],
    };
    expect(validatePost(filled({ fields: { topics: [] } }), [topics], false)).toEqual([
      { field: 'fields.topics', message: 'warning.mandatory' },
    ]);
    expect(validatePost(filled({ fields: { topics: ['Data'] } }), [topics], false)).toEqual([]);
  });

  it('should never require a checkbox to be ticked (unticked is a valid "no")', () => {
    expect(validatePost(filled({ fields: { client: 'Globex', featured: false } }), [FLAG], false)).toEqual(
      [],
    );
  });

  it('should refuse a feature image address that is not http or https', () => {
    expect(validatePost(filled({ featureImageUrl: 'javascript:alert(1)' }), [], false)).toEqual([
      { field: 'featureImageUrl', message: 'blogEditor.invalidUrl' },
    ]);
    expect(validatePost(filled({ featureImageUrl: 'https://img.test/a.png' }), [], false)).toEqual([]);
  });
});
