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

/** The root error boundary: a render error shows a way out instead of a blank page (STYLE §8). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RenderErrorScreen /> : this.props.children;
  }
}
