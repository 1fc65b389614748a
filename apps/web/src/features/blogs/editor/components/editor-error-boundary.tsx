import { Component, type ErrorInfo, type ReactNode } from 'react';

interface EditorErrorBoundaryProps {
  /** What shows instead of the editor: spec §8's red 'An error was thrown.' */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * The rich-text editor's own boundary (STYLE §8): when its chunk fails to load or it throws while
 * rendering, only the content field is replaced and the rest of the form keeps working.
 */
export class EditorErrorBoundary extends Component<EditorErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Rich-text editor error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
