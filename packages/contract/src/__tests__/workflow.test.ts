import { describe, expect, it } from 'vitest';
import { editRefusal, postStatus, workflowRefusal, type WorkflowFlags } from '../workflow.js';

const draft: WorkflowFlags = { approved: false, published: false };
const approved: WorkflowFlags = { approved: true, published: false };
const published: WorkflowFlags = { approved: true, published: true };

describe('workflowRefusal (spec §4)', () => {
  it.each([
    ['approve a draft', draft, 'APPROVAL', true, true],
    ['approve an approved post', approved, 'APPROVAL', true, false],
    ['approve a published post', published, 'APPROVAL', true, false],
    ['unapprove a draft', draft, 'APPROVAL', false, false],
    ['unapprove an approved post', approved, 'APPROVAL', false, true],
    ['unapprove a published post', published, 'APPROVAL', false, false],
    ['publish a draft', draft, 'PUBLISH', true, false],
    ['publish an approved post', approved, 'PUBLISH', true, true],
    ['publish a published post', published, 'PUBLISH', true, false],
    ['unpublish a draft', draft, 'PUBLISH', false, false],
    ['unpublish an approved post', approved, 'PUBLISH', false, false],
    ['unpublish a published post', published, 'PUBLISH', false, true],
  ] as const)('should %s: allowed=%s', (_name, flags, type, value, allowed) => {
    const refusal = workflowRefusal(flags, type, value);
    if (allowed) expect(refusal).toBeNull();
    else expect(refusal).toMatch(/\.$/);
  });

  it('should say what to do when publishing a draft or unapproving a published post', () => {
    expect(workflowRefusal(draft, 'PUBLISH', true)).toMatch(/^Approve this post/);
    expect(workflowRefusal(published, 'APPROVAL', false)).toMatch(/^Unpublish this post/);
  });
});

describe('editRefusal', () => {
  it('should allow drafts and refuse approved or published posts with what to do', () => {
    expect(editRefusal(draft, 'edit')).toBeNull();
    expect(editRefusal(approved, 'edit')).toBe('Unapprove this post before editing it.');
    expect(editRefusal(published, 'delete')).toBe('Unpublish and unapprove this post before deleting it.');
  });
});

describe('postStatus', () => {
  it('should name the three states', () => {
    expect([draft, approved, published].map(postStatus)).toEqual(['draft', 'approved', 'published']);
  });
});
