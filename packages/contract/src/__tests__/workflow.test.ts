import { describe, expect, it } from 'vitest';
import {
  editRefusal,
  postStatus,
  scheduleRefusal,
  unscheduleRefusal,
  workflowRefusal,
  type WorkflowFlags,
} from '../workflow.js';

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

describe('scheduleRefusal and unscheduleRefusal (issue 21)', () => {
  it('should allow a schedule on an approved, unpublished post only, and say why not otherwise', () => {
    expect(scheduleRefusal({ approved: true, published: false })).toBeNull();
    expect(scheduleRefusal({ approved: false, published: false })).toBe(
      'Approve this post before scheduling it.',
    );
    expect(scheduleRefusal({ approved: true, published: true })).toMatch(/already published; unpublish it/);
  });

  it('should cancel only an existing schedule', () => {
    expect(
      unscheduleRefusal({ approved: true, published: false, scheduledFor: '2027-01-01T00:00:00.000Z' }),
    ).toBeNull();
    expect(unscheduleRefusal({ approved: true, published: false, scheduledFor: null })).toBe(
      'This post is not scheduled.',
    );
  });
});
