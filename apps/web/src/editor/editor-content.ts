// Kept apart from editor.tsx and free of Lexical, so the post form can check the required field
// without loading the lazy editor chunk.

/** What the editor hands to the form on every content change. */
export interface EditorContent {
  /** $generateHtmlFromNodes export */
  editorHtmlContent: string;
  /** JSON.stringify(editorState.toJSON()) */
  editorState: string;
  /** plain text ($getRoot().getTextContent()) */
  editorTextString: string;
}

// An image, a table or a rule is content even without text (tables may be empty, images have alt only).
const NON_TEXT_CONTENT = /<(?:img|table|hr)\b/i;

/** True when there is nothing to publish: blank text and no image, table or horizontal rule. */
export function contentIsEmpty(content: EditorContent): boolean {
  return content.editorTextString.trim() === '' && !NON_TEXT_CONTENT.test(content.editorHtmlContent);
}
