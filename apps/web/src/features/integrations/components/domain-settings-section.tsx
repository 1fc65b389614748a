import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.js';
import { useGetDomainSettingsQuery, useUpdateDomainSettingsMutation } from '../api/integrations-api.js';
import { isPreviewUrlPattern } from '@masthead/contract/preview-url';
import { ErrorLines } from './error-lines.js';
import { ListState } from './list-state.js';

/**
 * What the websites see of the domain: the pattern of a post's address (`postUrl`, with {slug};
 * empty clears it), the pattern of its preview page (`previewUrl`, with {token}, issue 30; empty
 * clears it and previews open Masthead's own page) and whether its RSS, Atom and sitemap need no
 * content key.
 */
export function DomainSettingsSection({ domain }: { domain: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const postUrlId = useId();
  const hintId = useId();
  const previewUrlId = useId();
  const previewHintId = useId();
  const previewErrorId = useId();
  const previewInput = useRef<HTMLInputElement>(null);
  const settings = useGetDomainSettingsQuery({ domain });
  const [save, saving] = useUpdateDomainSettingsMutation();
  const [postUrl, setPostUrl] = useState('');
  const [publicFeeds, setPublicFeeds] = useState(false);
  const [previewUrl, setPreviewUrl] = useState('');
  const [previewInvalid, setPreviewInvalid] = useState(false);

  // The form starts from what the server has (and again after a save).
  useEffect(() => {
    if (!settings.data) return;
    setPostUrl(settings.data.postUrl ?? '');
    setPublicFeeds(settings.data.publicFeeds);
    setPreviewUrl(settings.data.previewUrl ?? '');
  }, [settings.data]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving.isLoading) return;
    const trimmed = postUrl.trim();
    const preview = previewUrl.trim();
    // The server checks it too; said here first, beside the field, and nothing is sent.
    if (preview !== '' && !isPreviewUrlPattern(preview)) {
      setPreviewInvalid(true);
      previewInput.current?.focus();
      return;
    }
    void save({
      domain,
      body: {
        postUrl: trimmed === '' ? null : trimmed,
        publicFeeds,
        previewUrl: preview === '' ? null : preview,
      },
    });
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
          <div className="integrations__field">
            <label htmlFor={previewUrlId}>{t('preview.settings.previewUrl')}</label>
            <input
              ref={previewInput}
              id={previewUrlId}
              className="integrations__input"
              type="url"
              inputMode="url"
              value={previewUrl}
              autoComplete="off"
              spellCheck={false}
              placeholder="https://blog.example.com/preview?token={token}"
              aria-invalid={previewInvalid || invalid}
              aria-describedby={previewInvalid ? `${previewErrorId} ${previewHintId}` : previewHintId}
              onChange={(event) => {
                setPreviewUrl(event.target.value);
                setPreviewInvalid(false);
                saving.reset();
              }}
            />
            {previewInvalid && (
              <p id={previewErrorId} className="integrations__invalid">
                {t('preview.settings.invalid')}
              </p>
            )}
            <p id={previewHintId} className="integrations__hint">
              {t('preview.settings.previewUrlHint')}
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
