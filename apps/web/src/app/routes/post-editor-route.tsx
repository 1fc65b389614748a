import type { Role, UserInfo } from '@masthead/contract';
import { lazy, Suspense, useCallback } from 'react';
import { useAuth } from 'react-oidc-context';
import { LoadingScreen } from '../../components/ui/loading-screen.js';
import { ImagePickerContext, type RenderImagePicker } from '../../editor/image-picker.js';
import { displayNameOf } from '../../features/auth/index.js';
import { BlogEditor } from '../../features/blogs/editor-entry.js';
import { useGetCategoryOptionsQuery } from '../../features/categories/index.js';
import { PreviewTools } from '../../features/previews/index.js';
import { useGetTagOptionsQuery } from '../../features/tags/index.js';
import { skipUntilDomainSelected } from '../../lib/api.js';
import { useTranslation } from '../../lib/use-translation.js';

// The list route starts loading Lexical with this chunk when the address already names a post.
export { preloadContentEditor } from '../../features/blogs/editor-entry.js';

// The insert-image dialog's asset picker, loaded the first time the dialog opens.
const AssetImagePicker = lazy(() => import('../../features/assets/picker-entry.js'));

interface PostEditorRouteProps {
  domain: string;
  domainId: string;
  postId: string;
  role: Role | undefined;
  /** The server's user info; undefined while it loads. */
  userInfo: UserInfo | undefined;
  onClose: () => void;
}

/**
 * The post editor on "/" (`/?post=<id>`), with what the route gives it: the domain's tags and
 * categories, the asset picker and the preview controls (features/previews). A lazy chunk with the editor's form, so the list's first load
 * carries none of it (DESIGN §6, decision 026).
 */
export function PostEditorRoute({ domain, domainId, postId, role, userInfo, onClose }: PostEditorRouteProps) {
  const { t } = useTranslation();
  const auth = useAuth();
  const renderImagePicker = useCallback<RenderImagePicker>(
    (onPick) => (
      <Suspense fallback={<p>{t('common.loading')}</p>}>
        <AssetImagePicker domain={domain} onPick={onPick} />
      </Suspense>
    ),
    [domain, t],
  );
  const selected = { id: domainId, domain };
  const tagOptions = useGetTagOptionsQuery(skipUntilDomainSelected(selected, (host) => host));
  const categoryOptions = useGetCategoryOptionsQuery(skipUntilDomainSelected(selected, (host) => host));

  // The role decides whether the post may be edited; wait for it rather than show a locked form.
  if (!userInfo) return <LoadingScreen inline />;
  return (
    <ImagePickerContext.Provider value={renderImagePicker}>
      <BlogEditor
        domain={domain}
        domainId={domainId}
        postId={postId}
        role={role}
        authorName={displayNameOf(auth.user?.profile, userInfo.name || userInfo.email)}
        tagOptions={tagOptions.data}
        categoryOptions={categoryOptions.data}
        onClose={onClose}
        previewTools={PreviewTools}
      />
    </ImagePickerContext.Provider>
  );
}
