import type { BlogPostSummary } from '@masthead/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.js';
import { useNotify } from '../../notifications/use-notify.js';
import { useDeleteBlogMutation } from '../api/delete-blog.js';
import { useManageBlogMutation } from '../api/manage-blog.js';
import { useScheduleBlogMutation, useUnscheduleBlogMutation } from '../api/schedule-blog.js';
import { formatDateTime } from '../../../lib/format-date.js';

type WorkflowStep = 'approve' | 'unapprove' | 'publish' | 'unpublish';

/**
 * The list's writes: the workflow steps and delete, each with its success toast. A refusal (403,
 * 409) reaches the user as the error toast through the API layer; the list refreshes through the
 * cache tags either way.
 */
export function usePostCommands(domain: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [manageBlog] = useManageBlogMutation();
  const [deleteBlog, deletion] = useDeleteBlogMutation();
  const [scheduleBlog, scheduling] = useScheduleBlogMutation();
  const [unscheduleBlog] = useUnscheduleBlogMutation();
  const [busyId, setBusyId] = useState<string>();

  async function runStep(post: BlogPostSummary, type: 'APPROVAL' | 'PUBLISH', value: boolean) {
    const step: WorkflowStep =
      type === 'APPROVAL' ? (value ? 'approve' : 'unapprove') : value ? 'publish' : 'unpublish';
    setBusyId(post.id);
    try {
      const result = await manageBlog({ domain, id: post.id, type, value });
      if (!result.error) {
        notify({
          type: 'success',
          title: t('notification.updated'),
          description: [t(`blogs.workflowDone.${step}`)],
        });
      }
    } finally {
      setBusyId(undefined);
    }
  }

  /** Resolves to true when the post is gone. */
  async function remove(post: BlogPostSummary): Promise<boolean> {
    const result = await deleteBlog({ domain, id: post.id });
    if (result.error) return false;
    notify({
      type: 'success',
      title: t('notification.deleted'),
      description: [t('notification.blogDeleted')],
    });
    return true;
  }

  const done = (description: string) =>
    notify({ type: 'success', title: t('notification.updated'), description: [description] });

  /** Resolves to true when the server took the schedule. */
  async function schedule(post: BlogPostSummary, publishAt: Date): Promise<boolean> {
    const result = await scheduleBlog({ domain, id: post.id, publishAt: publishAt.toISOString() });
    if (result.error) return false;
    done(t('blogs.workflowDone.schedule', { date: formatDateTime(result.data.scheduledFor ?? '') }));
    return true;
  }

  async function unschedule(post: BlogPostSummary) {
    setBusyId(post.id);
    try {
      const result = await unscheduleBlog({ domain, id: post.id });
      if (!result.error) done(t('blogs.workflowDone.unschedule'));
    } finally {
      setBusyId(undefined);
    }
  }

  return {
    runStep,
    remove,
    schedule,
    unschedule,
    busyId,
    deleting: deletion.isLoading,
    scheduling: scheduling.isLoading,
  };
}
