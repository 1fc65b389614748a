import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useAuth } from 'react-oidc-context';
import { useLocation } from 'wouter';
import { LoadingScreen } from '../../components/ui/loading-screen.js';
import { NEW_POST_ID, paths, POST_EDITOR_PARAM, postEditorPath, postListPath } from '../../config/paths.js';
import { displayNameOf } from '../../features/auth/index.js';
import { BlogList, useBlogListFilters } from '../../features/blogs/index.js';
import { useGetCategoryOptionsQuery } from '../../features/categories/index.js';
import { selectRoleFor, selectSelectedDomain, useDomainSelection } from '../../features/domains/index.js';
import { useGetTagOptionsQuery } from '../../features/tags/index.js';
import { ImagePickerContext, type RenderImagePicker } from '../../editor/image-picker.js';
import { skipUntilDomainSelected } from '../../lib/api.js';
import { useTranslation } from '../../lib/use-translation.js';
import { useAppSelector } from '../hooks.js';
import './page.css';

// The editor, its form and Lexical load only when a post is opened (DESIGN §6).
const loadBlogEditor = () => import('../../features/blogs/editor-entry.js');
const BlogEditor = lazy(() => loadBlogEditor().then((module) => ({ default: module.BlogEditor })));

// The insert-image dialog's asset picker, loaded the first time the dialog opens.
const AssetImagePicker = lazy(() => import('../../features/assets/picker-entry.js'));

/** History entries the list pushes when it opens the editor; closing goes back to them. */
const OPENED_FROM_LIST = { openedFromList: true };

/**
 * "/" when signed in: the blog list, or the post editor when the address names a post
 * (`/?post=<id>` or `/?post=new`), so Back closes the editor and a reload reopens it.
 */
export function BlogListRoute() {
  const { t } = useTranslation();
  const auth = useAuth();
  const [, navigate] = useLocation();
  const { hasNoDomains, userInfo } = useDomainSelection();
  const selected = useAppSelector(selectSelectedDomain);
  const role = useAppSelector((state) => (selected ? selectRoleFor(state, selected.domain) : undefined));
  const { filters, params, update } = useBlogListFilters();
  const postId = params.get(POST_EDITOR_PARAM);

  // An address that names a post (a reload, a shared link) starts loading the form and Lexical now,
  // alongside the domains the editor waits for, rather than after them and then one after the other.
  const editorRequested = postId !== null;
  useEffect(() => {
    if (!editorRequested) return;
    loadBlogEditor()
      .then((module) => module.preloadContentEditor())
      // A failed load shows when the editor renders, through its error boundary.
      .catch(() => undefined);
  }, [editorRequested]);

  // Another domain has other posts and fields: start over at its list. Nothing typed is lost, the
  // editor keeps a local draft per domain and post.
  const shownDomain = useRef(selected?.id);
  useEffect(() => {
    if (shownDomain.current && selected?.id !== shownDomain.current) navigate(paths.home, { replace: true });
    shownDomain.current = selected?.id;
  }, [selected?.id, navigate]);

  const openPost = useCallback(
    (id: string) => navigate(postEditorPath(id, params), { state: OPENED_FROM_LIST }),
    [navigate, params],
  );
  const closeEditor = useCallback(() => {
    if ((window.history.state as typeof OPENED_FROM_LIST | null)?.openedFromList) window.history.back();
    else navigate(postListPath(params), { replace: true });
  }, [navigate, params]);

  const pickerDomain = selected?.domain;
  const renderImagePicker = useCallback<RenderImagePicker>(
    (onPick) =>
      pickerDomain ? (
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <AssetImagePicker domain={pickerDomain} onPick={onPick} />
        </Suspense>
      ) : null,
    [pickerDomain, t],
  );

  const editorOpen = postId !== null && selected !== undefined;
  const tagOptions = useGetTagOptionsQuery(
    skipUntilDomainSelected(editorOpen ? selected : undefined, (domain) => domain),
  );
  const categoryOptions = useGetCategoryOptionsQuery(
    skipUntilDomainSelected(editorOpen ? selected : undefined, (domain) => domain),
  );

  if (hasNoDomains) return <p className="page__placeholder">{t('blogs.noDomainHint')}</p>;
  if (!selected) return <LoadingScreen inline />;
  if (editorOpen) {
    // The role decides whether the post may be edited; wait for it rather than show a locked form.
    if (!userInfo) return <LoadingScreen inline />;
    return (
      <ImagePickerContext.Provider value={renderImagePicker}>
        <Suspense fallback={<LoadingScreen inline />}>
          <BlogEditor
            key={`${selected.id}/${postId}`}
            domain={selected.domain}
            domainId={selected.id}
            postId={postId}
            role={role}
            authorName={displayNameOf(auth.user?.profile, userInfo?.name || userInfo?.email)}
            tagOptions={tagOptions.data}
            categoryOptions={categoryOptions.data}
            onClose={closeEditor}
          />
        </Suspense>
      </ImagePickerContext.Provider>
    );
  }
  return (
    <BlogList
      key={selected.id}
      domain={selected.domain}
      role={role}
      filters={filters}
      onFiltersChange={update}
      onOpenPost={openPost}
      newPostId={NEW_POST_ID}
    />
  );
}
