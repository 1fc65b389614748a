import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { Component, type ErrorInfo, type JSX, type ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation.js';

/** Spec §8: the editor's failure text, in red, announced; the rest of the form keeps working. */
export function RenderErrorMessage() {
  const { t } = useTranslation();
  return (
    <p className="editor-render-error" role="alert">
      {t('editor.renderError')}
    </p>
  );
}

/**
 * The editor's own boundary (STYLE §8), around the whole composer: a render error, or an initial
 * state Lexical cannot parse, replaces the editor with the message instead of taking the page down.
 */
export class EditorErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Editor render error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RenderErrorMessage /> : this.props.children;
  }
}

/** Lexical's boundary for decorator nodes (images), with the same message as the editor's. */
export function DecoratorErrorBoundary({
  children,
  onError,
}: {
  children: JSX.Element;
  onError: (error: Error) => void;
}) {
  return (
    <LexicalErrorBoundary onError={onError} fallback={<RenderErrorMessage />}>
      {children}
    </LexicalErrorBoundary>
  );
}
