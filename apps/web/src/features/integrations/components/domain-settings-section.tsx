import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.js';
import { useGetDomainSettingsQuery, useUpdateDomainSettingsMutation } from '../api/integrations-api.js';
import { ErrorLines } from './error-lines.js';
import { ListState } from './list-state.js';

/**
 * What the websites see of the domain: the pattern of a post's address (`postUrl`, with {slug};
 * empty clears it) and whether its RSS, Atom and sitemap need no content key.
 */
export function DomainSettingsSection({ domain }: { domain: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const postUrlId = useId();
  const hintId = useId();
  const settings = useGetDomainSettingsQuery({ domain });
  const [save, saving] = useUpdateDomainSettingsMutation();
  const [postUrl, setPostUrl] = useState('');
  const [publicFeeds, setPublicFeeds] = useState(false);

  // The form starts from what the server has (and again after a save).
  useEffect(() => {
    if (!settings.data) return;
    setPostUrl(settings.data.postUrl ?? '');
    setPublicFeeds(settings.data.publicFeeds);
  }, [settings.data]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving.isLoading) return;
    const trimmed = postUrl.trim();
    void save({ domain, body: { postUrl: trimmed === '' ? null : trimmed, publicFeeds } });
  }

  const invalid = saving.isError ? true : undefined;
  return (
    <section className="integrations__section" aria-labelledby={titleId}>
      <h2 id={titleId} className="integrations__title">
        {t('integrations.website.title')}
      </h2>
      <ListState query={settings} empty={false} emptyText="" />
      {settings.data && (
        <form className="integrations__form" noValidate onSubmit={submit}>
          <div className="integrations__field">
            <label htmlFor={postUrlId}>{t('integrations.website.postUrl')}</label>
            <input
              id={postUrlId}
              className="integrations__input"
              type="url"
              inputMode="url"
              value={postUrl}
              autoComplete="off"
              spellCheck={false}
              placeholder="https://blog.example.com/posts/{slug}"
              aria-invalid={invalid}
              aria-describedby={hintId}
              onChange={(event) => {
                setPostUrl(event.target.value);
                saving.reset();
              }}
            />
            <p id={hintId} className="integrations__hint">
              {t('integrations.website.postUrlHint')}
            </p>
          </div>
          <label className="integrations__check">
            <input
              type="checkbox"
              checked={publicFeeds}
              onChange={(event) => {
                setPublicFeeds(event.target.checked);
                saving.reset();
              }}
            />
            {t('integrations.website.publicFeeds')}
          </label>
          <p className="integrations__hint">{t('integrations.website.publicFeedsHint')}</p>
          <ErrorLines error={saving.error} />
          <div className="integrations__buttons">
            <button type="submit" className="button button--primary" disabled={saving.isLoading}>
              {saving.isLoading ? t('common.saving') : t('common.save')}
            </button>
            <span role="status">{saving.isSuccess ? t('integrations.website.saved') : ''}</span>
          </div>
        </form>
      )}
    </section>
  );
}
