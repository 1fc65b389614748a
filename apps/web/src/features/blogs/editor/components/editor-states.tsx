import { useTranslation } from '../../../../lib/use-translation.js';

/** While the post loads: the editor's outline, announced as loading. */
export function EditorSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="post-editor" aria-busy="true">
      <div className="post-editor__bar">
        <h1 className="post-editor__heading">{t('blogEditor.editHeading')}</h1>
      </div>
      <p className="visually-hidden" role="status">
        {t('blogEditor.loading')}
      </p>
      <div className="post-editor__card post-skeleton" aria-hidden="true">
        <div className="post-skeleton__block" />
        <div className="post-skeleton__block" />
        <div className="post-skeleton__block post-skeleton__block--tall" />
        <div className="post-skeleton__block" />
      </div>
    </div>
  );
}

interface PostLoadErrorProps {
  notFound: boolean;
  onBack: () => void;
  onRetry: () => void;
}

/** The post is gone (404) or could not be loaded; either way there is a way back. */
export function PostLoadError({ notFound, onBack, onRetry }: PostLoadErrorProps) {
  const { t } = useTranslation();
  return (
    <div className="post-editor post-editor__card post-editor__message">
      <h1 className="post-editor__heading">
        {t(notFound ? 'blogEditor.notFound' : 'blogEditor.loadFailed')}
      </h1>
      {notFound && <p>{t('blogEditor.notFoundHint')}</p>}
      <div className="post-editor__actions">
        <button type="button" className="button button--primary" onClick={onBack}>
          {t('blogEditor.back')}
        </button>
        {!notFound && (
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('common.retry')}
          </button>
        )}
      </div>
    </div>
  );
}
