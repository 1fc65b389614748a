// The blog editor's lazy entry: the route loads it with lazy(() => import('…/editor-entry.js')), so
// the form (and, one chunk further, the Lexical editor) is fetched only when a post is opened.
export { BlogEditor, BlogEditor as default, type BlogEditorProps } from './editor/components/blog-editor.js';
// The route starts loading Lexical with the form when the address already names a post.
export { loadEditorModule as preloadContentEditor } from './editor/editor-module.js';
