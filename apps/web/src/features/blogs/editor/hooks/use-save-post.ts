import type { BlogPostInput } from '@masthead/contract';
import { useCallback, useRef, useState } from 'react';
import { failureStatus } from '../../../../lib/failed-call.js';
import { useCreateBlogMutation, useUpdateBlogMutation } from '../../api/save-blog.js';
import type { VersionedPost } from '../../api/get-blog.js';

export type SaveOutcome = 'saved' | 'conflict' | 'failed';

interface SavePostOptions {
  domain: string;
  /** Null for a new post. */
  postId: string | null;
}

/**
 * Sends the post: POST for a new one, PUT with the ETag it was loaded at for an existing one. Any
 * refusal but 412 has already raised the error toast (lib/api.ts); the form keeps its content.
 */
export function useSavePost({ domain, postId }: SavePostOptions) {
  const [createBlog] = useCreateBlogMutation();
  const [updateBlog] = useUpdateBlogMutation();
  const [saving, setSaving] = useState(false);
  // Ctrl+S pressed twice, or a click during the shortcut's save, must not send twice.
  const inFlight = useRef(false);

  const save = useCallback(
    async (
      body: BlogPostInput,
      etag: string | null,
    ): Promise<{ outcome: SaveOutcome; saved?: VersionedPost }> => {
      if (inFlight.current) return { outcome: 'failed' };
      inFlight.current = true;
      setSaving(true);
      try {
        const result = postId
          ? await updateBlog({ domain, id: postId, etag, body })
          : await createBlog({ domain, body });
        if (result.data) return { outcome: 'saved', saved: result.data };
        return { outcome: failureStatus(result.error) === 412 ? 'conflict' : 'failed' };
      } finally {
        inFlight.current = false;
        setSaving(false);
      }
    },
    [createBlog, updateBlog, domain, postId],
  );

  return { save, saving };
}
