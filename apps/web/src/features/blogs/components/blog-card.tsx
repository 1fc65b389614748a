import type { BlogPostSummary } from '@masthead/contract';
import type { Role } from '@masthead/contract/constants';
import { postStatus } from '@masthead/contract/workflow';
import { useId } from 'react';
import { formatDateTime } from '../../../lib/format-date.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { postActions } from '../post-actions.js';
import { scheduleActions } from '../schedule-actions.js';
import { PostActionButton } from './post-action-button.js';

export type CardCommand = 'edit' | 'approval' | 'publish' | 'schedule' | 'unschedule' | 'delete';

interface BlogCardProps {
  post: BlogPostSummary;
  role: Role | undefined;
  /** True while a command on this post runs: its actions wait. */
  busy: boolean;
  onCommand: (post: BlogPostSummary, command: CardCommand, value?: boolean) => void;
}

/** One post of the list (spec §2): status, category, title, description, date, tags and actions. */
export function BlogCard({ post, role, busy, onCommand }: BlogCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const status = postStatus(post);
  const actions = postActions(post, role);
  const scheduling = scheduleActions(post, role);
  return (
    <article className="blog-card" aria-labelledby={titleId}>
      <div className="blog-card__meta">
        <span className={`status-badge status-badge--${status === 'published' ? 'published' : 'pending'}`}>
          {t(`blogs.status.${status}`)}
        </span>
        <span className="blog-card__category">
          {post.category?.categoryDisplayName ?? t('blogs.uncategorised')}
        </span>
      </div>
      <h2 id={titleId} className="blog-card__title">
        {post.title}
      </h2>
      {post.shortDescription && <p className="blog-card__description">{post.shortDescription}</p>}
      {post.scheduledFor && (
        <p className="blog-card__scheduled">
          {t('blogs.scheduledFor', { date: formatDateTime(post.scheduledFor) })}
        </p>
      )}
      <p className="blog-card__date">
        {t('blogs.lastModified', { date: formatDateTime(post.lastModifiedDate) })}
      </p>
      {post.tags.length > 0 && (
        <ul className="blog-card__tags" aria-label={t('blogs.tagsLabel')}>
          {post.tags.map((tag) => (
            <li key={tag.id} className="chip">
              {tag.tagDisplayName}
            </li>
          ))}
        </ul>
      )}
      <div
        className="blog-card__actions"
        role="group"
        aria-label={t('blogs.actionsLabel', { title: post.title })}
      >
        <PostActionButton
          label={t('blogs.action.edit')}
          state={actions.edit}
          busy={busy}
          onClick={() => onCommand(post, 'edit')}
        />
        <PostActionButton
          label={t(actions.approval.value ? 'blogs.action.approve' : 'blogs.action.unapprove')}
          state={actions.approval}
          tone={actions.approval.value ? 'primary' : 'danger'}
          busy={busy}
          onClick={() => onCommand(post, 'approval', actions.approval.value)}
        />
        <PostActionButton
          label={t(actions.publish.value ? 'blogs.action.publish' : 'blogs.action.unpublish')}
          state={actions.publish}
          tone={actions.publish.value ? 'primary' : 'warning'}
          busy={busy}
          onClick={() => onCommand(post, 'publish', actions.publish.value)}
        />
        {scheduling.schedule && (
          <PostActionButton
            label={t('blogs.action.schedule')}
            state={{ visible: true, enabled: true }}
            busy={busy}
            onClick={() => onCommand(post, 'schedule')}
          />
        )}
        {scheduling.unschedule && (
          <PostActionButton
            label={t('blogs.action.unschedule')}
            state={{ visible: true, enabled: true }}
            busy={busy}
            onClick={() => onCommand(post, 'unschedule')}
          />
        )}
        <PostActionButton
          label={t('blogs.action.delete')}
          state={actions.delete}
          busy={busy}
          onClick={() => onCommand(post, 'delete')}
        />
      </div>
    </article>
  );
}
