import { useTranslation } from '../../../../lib/use-translation.js';
import { slugChange } from '../slug-change.js';

interface SlugPreviewProps {
  id: string;
  title: string;
  /** The slug the server gave the post when it was last saved; undefined for a new post. */
  savedSlug?: string | undefined;
}

/**
 * The address slug under the title, live as the title changes. For a saved post the server's slug is
 * the truth; when the title would change it, the new one is shown next to it. The server may still add
 * a number (-2, -3 …) when another post of the domain has the same slug.
 */
export function SlugPreview({ id, title, savedSlug }: SlugPreviewProps) {
  const { t } = useTranslation();
  const slug = slugChange(title, savedSlug);
  return (
    <p id={id} className="post-field__hint" data-testid="slug-preview">
      {slug ? (
        <>
          {t('blogEditor.slug')}: <code>{slug.current}</code>
          {slug.next && (
            <>
              {' → '}
              <code>{slug.next}</code> {t('blogEditor.slugAfterSave')}
            </>
          )}
        </>
      ) : (
        t('blogEditor.slugFromTitle')
      )}
    </p>
  );
}
