import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.js';
import '../ui/button.css';
import '../ui/loading-screen.css';

function RenderErrorScreen() {
  const { t } = useTranslation();
  return (
    <main className="loading-screen" role="alert">
      <p>{t('notification.somethingWentWrong')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </main>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What replaces the failed part; the root's default is a full-page way out. */
  fallback?: ReactNode;
  /** Names the part in the console log. */
  label?: string;
}

/**
 * A render error shows a way out instead of a blank page (STYLE §8). The root wraps the app in one;
 * a part that can fail on its own (the rich-text editor) wraps itself, so the rest keeps working.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(
      `Render error${this.props.label ? ` in ${this.props.label}` : ''}`,
      error,
      info.componentStack,
    );
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ?? <RenderErrorScreen />;
  }
}
