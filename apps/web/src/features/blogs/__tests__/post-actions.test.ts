import type { Role } from '@masthead/contract/constants';
import { editRefusal, workflowRefusal, type WorkflowFlags } from '@masthead/contract/workflow';
import { describe, expect, it } from 'vitest';
import { postActions } from '../post-actions.js';

const DRAFT: WorkflowFlags = { approved: false, published: false };
const APPROVED: WorkflowFlags = { approved: true, published: false };
const PUBLISHED: WorkflowFlags = { approved: true, published: true };
const STATES = { draft: DRAFT, approved: APPROVED, published: PUBLISHED };

describe('postActions', () => {
  // The server is the judge (contract/workflow.ts); the buttons must never offer what it refuses.
  describe.each(['editor', 'admin'] as Role[])('for an %s', (role) => {
    it.each(Object.entries(STATES))(
      'should enable exactly what the server allows on a %s post',
      (_, post) => {
        const actions = postActions(post, role);
        expect(actions.edit.enabled).toBe(editRefusal(post, 'edit') === null);
        expect(actions.delete.enabled).toBe(editRefusal(post, 'delete') === null);
        expect(actions.approval.enabled).toBe(
          workflowRefusal(post, 'APPROVAL', actions.approval.value) === null,
        );
        expect(actions.publish.enabled).toBe(
          workflowRefusal(post, 'PUBLISH', actions.publish.value) === null,
        );
        for (const action of Object.values(actions)) {
          expect(action.visible).toBe(true);
          expect(action.enabled || action.reason !== undefined).toBe(true);
        }
      },
    );
  });

  it('should toggle to Unapprove and Unpublish once approved and published', () => {
    expect(postActions(DRAFT, 'editor')).toMatchObject({
      approval: { value: true },
      publish: { value: true },
    });
    expect(postActions(APPROVED, 'editor')).toMatchObject({
      approval: { value: false, enabled: true },
      publish: { value: true, enabled: true },
    });
    expect(postActions(PUBLISHED, 'editor')).toMatchObject({
      approval: { value: false, enabled: false, reason: 'blogs.reason.unpublishBeforeUnapprove' },
      publish: { value: false, enabled: true },
    });
  });

  it('should say why edit, delete and publish are disabled', () => {
    expect(postActions(APPROVED, 'editor').edit.reason).toBe('blogs.reason.unapproveFirst');
    expect(postActions(PUBLISHED, 'editor').delete.reason).toBe('blogs.reason.unpublishFirst');
    expect(postActions(DRAFT, 'editor').publish.reason).toBe('blogs.reason.approveBeforePublish');
  });

  it('should hide approve and publish from an author, who still edits and deletes drafts', () => {
    for (const post of Object.values(STATES)) {
      const actions = postActions(post, 'author');
      expect(actions.approval.visible).toBe(false);
      expect(actions.publish.visible).toBe(false);
    }
    expect(postActions(DRAFT, 'author').edit).toEqual({ visible: true, enabled: true });
    expect(postActions(APPROVED, 'author').delete.enabled).toBe(false);
  });

  it('should show nothing to act on without a role', () => {
    const actions = postActions(DRAFT, undefined);
    expect(Object.values(actions).some((action) => action.visible)).toBe(false);
  });
});
