import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.js';

interface SecretRevealProps {
  /** The field's label ("Content key", "Signing secret"). */
  label: string;
  value: string;
}

/**
 * A key or secret the server returns once (its creation's answer): read-only, selectable, with a
 * copy button and the warning that it will not be shown again.
 */
export default function SecretReveal({ label, value }: SecretRevealProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const warningId = useId();
  const [copied, setCopied] = useState<boolean>();

  function copy() {
    navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  }

  return (
    <div className="integrations__secret">
      <p id={warningId} className="integrations__warning">
        {t('integrations.shownOnce')}
      </p>
      <label htmlFor={inputId}>{label}</label>
      <div className="integrations__secret-row">
        <input
          id={inputId}
          className="integrations__input integrations__mono"
          value={value}
          readOnly
          aria-describedby={warningId}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button--secondary" onClick={copy}>
          {t('integrations.copy')}
        </button>
      </div>
      <p className="integrations__hint" role="status">
        {copied === undefined ? '' : t(copied ? 'integrations.copied' : 'integrations.copyFailed')}
      </p>
    </div>
  );
}
