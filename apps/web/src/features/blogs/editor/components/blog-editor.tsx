import type { Category, Role, Tag } from '@masthead/contract';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { NEW_POST_ID } from '../../../../config/paths.js';
import { useGetBlogQuery, type VersionedPost } from '../../api/get-blog.js';
import { useGetColumnDefsQuery } from '../../api/get-column-defs.js';
import { failureStatus } from '../../../../lib/failed-call.js';
import type { PreviewTools } from '../../../../lib/post-preview.js';
import { EditorSkeleton, PostLoadError } from './editor-states.js';
import { PostEditorForm } from './post-editor-form.js';
import './blog-editor.css';
import '../../../../components/ui/button.css';

export interface BlogEditorProps {
  /** The selected domain's host name, the `domain` parameter of every call. */
  domain: string;
  /** The selected domain's id, part of the local draft's key. */
  domainId: string;
  /** NEW_POST_ID ('new') or a post id. */
  postId: string;
  role: Role | undefined;
  /** The signed-in user's name: the Author of a new post. */
  authorName: string;
  /** The domain's tags and categories; undefined while they load. */
  tagOptions: Tag[] | undefined;
  categoryOptions: Category[] | undefined;
  /** Leaves the editor; called only when nothing unsaved would be lost. */
  onClose: () => void;
  /** The bar's preview controls for a saved post (issue 30), from the route; none without it. */
  previewTools?: PreviewTools | undefined;
}

/**
 * The blog post editor (create and edit). An existing post is loaded fresh, not from the cache, so
 * its ETag is current; once the form shows, later cache updates never replace what the user typed.
 */
export function BlogEditor(props: BlogEditorProps) {
  const { domain, postId, onClose } = props;
  const isNew = postId === NEW_POST_ID;
  const postQuery = useGetBlogQuery(isNew ? skipToken : { domain, id: postId }, {
    refetchOnMountOrArgChange: true,
  });
  const defsQuery = useGetColumnDefsQuery(domain || skipToken);
  const [loaded, setLoaded] = useState<VersionedPost | null>(null);
  const fresh = postQuery.isSuccess && !postQuery.isFetching ? postQuery.data : undefined;
  // Taken once (state set while rendering, React's pattern for values derived from a previous render).
  if (!isNew && !loaded && fresh) setLoaded(fresh);

  const columnDefs = {
    defs: defsQuery.data,
    failed: defsQuery.isError && !defsQuery.isFetching,
    retry: () => void defsQuery.refetch(),
  };

  if (!isNew && !loaded) {
    if (postQuery.isError && !postQuery.isFetching) {
      return (
        <PostLoadError
          notFound={failureStatus(postQuery.error) === 404}
          onBack={onClose}
          onRetry={() => void postQuery.refetch()}
        />
      );
    }
    return <EditorSkeleton />;
  }
  return <PostEditorForm {...props} loaded={loaded} columnDefs={columnDefs} />;
}
