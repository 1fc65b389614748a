import type { BlogPostSummary } from '@masthead/contract';
import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { notificationShown } from '../../notifications/index.js';
import { useDeleteBlogMutation } from '../api/delete-blog.js';
import { useManageBlogMutation } from '../api/manage-blog.js';

type WorkflowStep = 'approve' | 'unapprove' | 'publish' | 'unpublish';

/**
 * The list's writes: the workflow steps and delete, each with its success toast. A refusal (403,
 * 409) reaches the user as the error toast through the API layer; the list refreshes through the
 * cache tags either way.
 */
export function usePostCommands(domain: string) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [manageBlog] = useManageBlogMutation();
  const [deleteBlog, deletion] = useDeleteBlogMutation();
  const [busyId, setBusyId] = useState<string>();

  async function runStep(post: BlogPostSummary, type: 'APPROVAL' | 'PUBLISH', value: boolean) {
    const step: WorkflowStep =
      type === 'APPROVAL' ? (value ? 'approve' : 'unapprove') : value ? 'publish' : 'unpublish';
    setBusyId(post.id);
    try {
      const result = await manageBlog({ domain, id: post.id, type, value });
      if (!result.error) {
        dispatch(
          notificationShown({
            type: 'success',
            title: t('notification.updated'),
            description: [t(`blogs.workflowDone.${step}`)],
          }),
        );
      }
    } finally {
      setBusyId(undefined);
    }
  }

  /** Resolves to true when the post is gone. */
  async function remove(post: BlogPostSummary): Promise<boolean> {
    const result = await deleteBlog({ domain, id: post.id });
    if (result.error) return false;
    dispatch(
      notificationShown({
        type: 'success',
        title: t('notification.deleted'),
        description: [t('notification.blogDeleted')],
      }),
    );
    return true;
  }

  return { runStep, remove, busyId, deleting: deletion.isLoading };
}
