import type { NewWebhook, Webhook } from '@masthead/contract';
import { WEBHOOK_EVENTS } from '@masthead/contract/webhook-events';
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.js';
import { FormDialog } from '../../../components/ui/form-dialog.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useCreateWebhookMutation, useUpdateWebhookMutation } from '../api/integrations-api.js';
import { ErrorLines } from './error-lines.js';
import SecretReveal from './secret-reveal.js';

interface WebhookDialogProps {
  domain: string;
  /** The one to edit; none to create. */
  webhook?: Webhook | undefined;
  onClose: () => void;
}

/**
 * Create or edit a webhook: its address, events, description and whether it is on (a PUT
 * replaces them all; the secret stays). A creation's answer holds the signing secret, the only
 * time it is shown: the dialog then shows it with a copy button until closed.
 */
export default function WebhookDialog({ domain, webhook, onClose }: WebhookDialogProps) {
  const { t } = useTranslation();
  const urlId = useId();
  const descriptionId = useId();
  const urlRef = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [events, setEvents] = useState<string[]>(webhook?.events ?? ['post.published']);
  const [active, setActive] = useState(webhook?.active ?? true);
  const [checked, setChecked] = useState(false);
  const [created, setCreated] = useState<NewWebhook>();
  const [create, creation] = useCreateWebhookMutation();
  const [update, updating] = useUpdateWebhookMutation();
  const saving = creation.isLoading || updating.isLoading;
  const urlMissing = url.trim() === '';
  const noEvents = events.length === 0;

  useEffect(() => {
    const frame = window.requestAnimationFrame(() => urlRef.current?.focus());
    return () => window.cancelAnimationFrame(frame);
  }, []);

  function toggle(event: string, on: boolean) {
    // Kept in the server's order, so that a list reads the same after every edit.
    setEvents((current) => WEBHOOK_EVENTS.filter((name) => (name === event ? on : current.includes(name))));
  }

  async function submit() {
    setChecked(true);
    if (urlMissing || noEvents || saving) return;
    const body = { url: url.trim(), events, active, description: description.trim() };
    if (webhook) {
      const result = await update({ domain, id: webhook.id, body });
      if (!('error' in result)) onClose();
    } else {
      const result = await create({ domain, body });
      if ('data' in result && result.data) setCreated(result.data);
    }
  }

  if (created)
    return (
      <Dialog
        title={t('integrations.webhooks.createdTitle')}
        onClose={onClose}
        actions={
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('integrations.done')}
          </button>
        }
      >
        <p className="integrations__hint">{t('integrations.webhooks.secretHint', { url: created.url })}</p>
        <SecretReveal label={t('integrations.webhooks.secret')} value={created.secret} />
      </Dialog>
    );

  return (
    <FormDialog
      title={t(webhook ? 'integrations.webhooks.editTitle' : 'integrations.webhooks.add')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t(webhook ? 'common.save' : 'integrations.create')}
      busyLabel={saving ? t('common.saving') : undefined}
      className="integrations__form"
    >
      <div className="integrations__field">
        <label htmlFor={urlId}>
          {t('integrations.webhooks.url')}
          <span aria-hidden="true"> *</span>
        </label>
        <input
          ref={urlRef}
          id={urlId}
          className="integrations__input"
          type="url"
          inputMode="url"
          value={url}
          required
          aria-required="true"
          aria-invalid={checked && urlMissing ? true : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="https://www.example.com/hooks/masthead"
          onChange={(event) => setUrl(event.target.value)}
        />
        {checked && urlMissing && (
          <p className="integrations__invalid">{t('integrations.webhooks.urlRequired')}</p>
        )}
      </div>
      <div className="integrations__field">
        <label htmlFor={descriptionId}>{t('integrations.webhooks.descriptionLabel')}</label>
        <input
          id={descriptionId}
          className="integrations__input"
          value={description}
          autoComplete="off"
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <fieldset className="integrations__events">
        <legend>{t('integrations.webhooks.events')}</legend>
        {WEBHOOK_EVENTS.map((name) => (
          <label key={name} className="integrations__check">
            <input
              type="checkbox"
              checked={events.includes(name)}
              onChange={(event) => toggle(name, event.target.checked)}
            />
            <span className="integrations__mono">{name}</span>
          </label>
        ))}
        {checked && noEvents && (
          <p className="integrations__invalid">{t('integrations.webhooks.eventsRequired')}</p>
        )}
      </fieldset>
      <label className="integrations__check">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
        {t('integrations.webhooks.active')}
      </label>
      <ErrorLines error={webhook ? updating.error : creation.error} />
    </FormDialog>
  );
}
