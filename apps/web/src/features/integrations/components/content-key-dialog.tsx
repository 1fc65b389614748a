import type { NewContentKey } from '@masthead/contract';
import { MAX_KEY_ORIGINS } from '@masthead/contract/origin';
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.js';
import { FormDialog } from '../../../components/ui/form-dialog.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useCreateContentKeyMutation } from '../api/integrations-api.js';
import { parseOrigins } from '../origins.js';
import { ErrorLines } from './error-lines.js';
import SecretReveal from './secret-reveal.js';

interface ContentKeyDialogProps {
  domain: string;
  onClose: () => void;
}

/**
 * Create a content key: a name and the browser origins that may read with it. The answer holds
 * the key, the only time it is shown: the dialog then shows it with a copy button until closed.
 */
export default function ContentKeyDialog({ domain, onClose }: ContentKeyDialogProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const originsId = useId();
  const hintId = useId();
  const problemId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [originsText, setOriginsText] = useState('');
  const [checked, setChecked] = useState(false);
  const [created, setCreated] = useState<NewContentKey>();
  const [create, creation] = useCreateContentKeyMutation();
  const parsed = parseOrigins(originsText);
  const originProblem =
    parsed.invalid.length > 0
      ? t('integrations.keys.invalidOrigins', { origins: parsed.invalid.join(', ') })
      : parsed.tooMany
        ? t('integrations.keys.tooManyOrigins', { count: MAX_KEY_ORIGINS })
        : undefined;
  const nameMissing = name.trim() === '';

  useEffect(() => {
    const frame = window.requestAnimationFrame(() => nameRef.current?.focus());
    return () => window.cancelAnimationFrame(frame);
  }, []);

  async function submit() {
    setChecked(true);
    if (nameMissing || originProblem || creation.isLoading) return;
    const result = await create({ domain, body: { name: name.trim(), origins: parsed.origins } });
    if ('data' in result && result.data) setCreated(result.data);
  }

  if (created)
    return (
      <Dialog
        title={t('integrations.keys.createdTitle')}
        onClose={onClose}
        actions={
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('integrations.done')}
          </button>
        }
      >
        <SecretReveal label={t('integrations.keys.keyOf', { name: created.name })} value={created.key} />
      </Dialog>
    );

  return (
    <FormDialog
      title={t('integrations.keys.add')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('integrations.create')}
      busyLabel={creation.isLoading ? t('integrations.creating') : undefined}
      className="integrations__form"
    >
      <div className="integrations__field">
        <label htmlFor={nameId}>
          {t('integrations.keys.name')}
          <span aria-hidden="true"> *</span>
        </label>
        <input
          ref={nameRef}
          id={nameId}
          className="integrations__input"
          value={name}
          required
          aria-required="true"
          aria-invalid={checked && nameMissing ? true : undefined}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
        {checked && nameMissing && (
          <p className="integrations__invalid">{t('integrations.keys.nameRequired')}</p>
        )}
      </div>
      <div className="integrations__field">
        <label htmlFor={originsId}>{t('integrations.keys.origins')}</label>
        <textarea
          id={originsId}
          className="integrations__input"
          rows={3}
          value={originsText}
          spellCheck={false}
          aria-invalid={checked && originProblem ? true : undefined}
          aria-describedby={checked && originProblem ? `${hintId} ${problemId}` : hintId}
          onChange={(event) => setOriginsText(event.target.value)}
        />
        <p id={hintId} className="integrations__hint">
          {t('integrations.keys.originsHint')}
        </p>
        {checked && originProblem && (
          <p id={problemId} className="integrations__invalid">
            {originProblem}
          </p>
        )}
      </div>
      <ErrorLines error={creation.error} />
    </FormDialog>
  );
}
