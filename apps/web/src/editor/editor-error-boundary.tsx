import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import type { JSX, ReactNode } from 'react';
import { ErrorBoundary } from '../components/errors/error-boundary.js';
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
export function EditorErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary label="the rich-text editor" fallback={<RenderErrorMessage />}>
      {children}
    </ErrorBoundary>
  );
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
