import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { LoadingScreen } from '../../components/ui/loading-screen.js';
import { NEW_POST_ID, paths, POST_EDITOR_PARAM, postEditorPath, postListPath } from '../../config/paths.js';
import { BlogList, useBlogListFilters } from '../../features/blogs/index.js';
import { selectRoleFor, selectSelectedDomain, useDomainSelection } from '../../features/domains/index.js';
import { useTranslation } from '../../lib/use-translation.js';
import { useAppSelector } from '../hooks.js';
import './page.css';

// The editor with its tags, categories and asset picker, its form and Lexical load only when a post
// is opened (DESIGN §6).
const loadPostEditor = () => import('./post-editor-route.js');
const PostEditorRoute = lazy(() => loadPostEditor().then((module) => ({ default: module.PostEditorRoute })));

/** History entries the list pushes when it opens the editor; closing goes back to them. */
const OPENED_FROM_LIST = { openedFromList: true };

/**
 * "/" when signed in: the blog list, or the post editor when the address names a post
 * (`/?post=<id>` or `/?post=new`), so Back closes the editor and a reload reopens it.
 */
export function BlogListRoute() {
  const { t } = useTranslation();
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
    loadPostEditor()
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

  const editorOpen = postId !== null && selected !== undefined;

  if (hasNoDomains) return <p className="page__placeholder">{t('blogs.noDomainHint')}</p>;
  if (!selected) return <LoadingScreen inline />;
  if (editorOpen) {
    return (
      <Suspense fallback={<LoadingScreen inline />}>
        <PostEditorRoute
          key={`${selected.id}/${postId}`}
          domain={selected.domain}
          domainId={selected.id}
          postId={postId}
          role={role}
          userInfo={userInfo}
          onClose={closeEditor}
        />
      </Suspense>
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
