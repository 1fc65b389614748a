import { MAX_EDITOR_STATE_BYTES } from '@masthead/contract';
import { tooLarge } from '../lib/app-error.js';

const MAX_DEPTH = 64;

interface LexicalNode {
  type?: unknown;
  children?: unknown;
}

function validNode(node: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || typeof node !== 'object' || node === null || Array.isArray(node)) return false;
  const { type, children } = node as LexicalNode;
  if (typeof type !== 'string' || type === '') return false;
  if (children === undefined) return true;
  return Array.isArray(children) && children.every((child) => validNode(child, depth + 1));
}

/**
 * Checks a serialised Lexical editor state (DESIGN §3): at most 2 MB, JSON, and a tree of typed
 * nodes under a "root". Returns an error line, or null when it is valid. Over 2 MB throws 413.
 */
export function editorStateProblem(state: string): string | null {
  if (Buffer.byteLength(state, 'utf8') > MAX_EDITOR_STATE_BYTES) {
    throw tooLarge(`editorState: must be ${MAX_EDITOR_STATE_BYTES / 1024 / 1024} MB or less`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(state);
  } catch {
    return 'editorState: is not valid JSON';
  }
  const root = (parsed as { root?: LexicalNode } | null)?.root;
  if (typeof root !== 'object' || root === null || root.type !== 'root' || !validNode(root, 0)) {
    return 'editorState: is not a valid Lexical editor state';
  }
  return null;
}
