import type { EditorContent } from '../../../editor/editor.js';
import { contentLooksBlank } from './post-form-values.js';

type EditorModule = typeof import('../../../editor/editor.js');

let loaded: EditorModule | undefined;

/**
 * The rich-text editor (Lexical) is a lazy chunk of its own (DESIGN §6): the form and the validation
 * reach it only through this import, never statically.
 */
export function loadEditorModule(): Promise<EditorModule> {
  return import('../../../editor/editor.js').then((module) => (loaded = module));
}

/** The editor's own emptiness check once its chunk is there; a text check if it failed to load. */
export function isContentEmpty(content: EditorContent): boolean {
  try {
    return loaded ? loaded.contentIsEmpty(content) : contentLooksBlank(content);
  } catch {
    return contentLooksBlank(content);
  }
}
