import type { ComponentType } from 'react';

/**
 * Where the form stands when a preview is asked for. Read in the click itself, before anything is
 * awaited, so that a new tab can still be opened (pop-up blockers allow it only in the gesture).
 */
export type PreviewReadiness =
  /** Nothing unsaved: the preview shows what the form shows. */
  | { kind: 'saved' }
  /** Unsaved changes that can be saved first. */
  | { kind: 'save' }
  /** Unsaved changes that cannot be saved now; each reason as the user reads it. */
  | { kind: 'blocked'; reasons: string[] };

/**
 * What the post editor (features/blogs) gives the preview controls of its bar (features/previews,
 * issue 30). Features do not import each other: the route that renders the editor supplies the
 * component, as it supplies the image picker, and both sides are typed by this module.
 */
export interface PreviewToolsProps {
  // Rendered among the bar's actions: the bar is a CSS size container named post-editor-bar.
  domain: string;
  postId: string;
  /** Changes with every save: a live preview makes a new token (the slug may have changed) and reloads. */
  savedVersion: string;
  /** The form holds changes that are not saved (so not in any preview). */
  unsaved: boolean;
  /** A save is running: a preview would race it. */
  saving: boolean;
  readiness: () => PreviewReadiness;
  /** Saves the form and stays in the editor; false when it was not saved (the editor has said why). */
  saveFirst: () => Promise<boolean>;
  /** Shows the form's problems and moves the focus to the first (after "Keep editing"). */
  showProblems: () => void;
  /** The live pane opened or closed: while it is open, Save keeps the editor open. */
  onLivePaneChange: (open: boolean) => void;
  /** Where the live pane goes on wide screens, beside the form. */
  paneHost: HTMLElement | null;
  /** Where a message about a preview goes, above the form. */
  noticeHost: HTMLElement | null;
}

export type PreviewTools = ComponentType<PreviewToolsProps>;
