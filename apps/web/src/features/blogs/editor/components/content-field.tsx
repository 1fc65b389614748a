import { lazy, Suspense } from 'react';
import type { EditorContent } from '../../../../editor/editor-content.js';
import { useTranslation } from '../../../../lib/use-translation.js';
import { loadEditorModule } from '../editor-module.js';
import { describedBy } from '../field-ids.js';
import type { EditorSeed } from '../hooks/use-post-form.js';
import { ErrorBoundary } from '../../../../components/errors/error-boundary.js';
import { FieldError, RequiredMark } from '../../../../components/forms/form-field.js';

const ContentEditor = lazy(() => loadEditorModule());

interface ContentFieldProps {
  id: string;
  labelId: string;
  errorId: string;
  error: string | undefined;
  seed: EditorSeed;
  readOnly: boolean;
  onChange: (content: EditorContent) => void;
}

/** 'Content *': the lazily loaded rich-text editor, with a placeholder while its chunk loads. */
export function ContentField({ id, labelId, errorId, error, seed, readOnly, onChange }: ContentFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="post-field post-field--wide">
      {/* Not a <label>: the editor is a contenteditable, which a label cannot point at. */}
      <span id={labelId} className="post-field__label" onClick={() => document.getElementById(id)?.focus()}>
        {t('blogEditor.content')}
        <RequiredMark />
      </span>
      <ErrorBoundary
        label="the rich-text editor's chunk"
        fallback={
          <p className="post-field__error" role="alert">
            {t('editor.renderError')}
          </p>
        }
      >
        <Suspense
          fallback={
            <div className="post-skeleton__block post-skeleton__block--tall" aria-busy="true">
              <span className="visually-hidden">{t('common.loading')}</span>
            </div>
          }
        >
          <ContentEditor
            key={seed.key}
            id={id}
            labelledBy={labelId}
            describedBy={describedBy(error && errorId)}
            invalid={Boolean(error)}
            initialState={seed.content.editorState || null}
            initialHtml={seed.content.editorHtmlContent}
            required
            readOnly={readOnly}
            onChange={onChange}
          />
        </Suspense>
      </ErrorBoundary>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
