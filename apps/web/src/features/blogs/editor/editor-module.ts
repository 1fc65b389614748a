/**
 * The rich-text editor (Lexical) is a lazy chunk of its own (DESIGN §6): the form reaches it only
 * through this import, never statically. Its emptiness check (editor/editor-content.ts) has no
 * Lexical in it and is imported directly.
 */
export function loadEditorModule() {
  return import('../../../editor/editor.js');
}
