import type { NewInvitation } from '@masthead/contract';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.js';

/**
 * A new invitation's link, shown this once (it is kept only as a hash): there is no mail server,
 * so the admin passes it on. The copy button says whether the clipboard took it.
 */
export function InvitationLink({
  invitation,
  onDismiss,
}: {
  invitation: NewInvitation & { link: string };
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [copied, setCopied] = useState<'yes' | 'no'>();

  async function copy() {
    try {
      await navigator.clipboard.writeText(invitation.link);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }

  return (
    <section className="members-link" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="members__heading">
        {t('members.link.title', { email: invitation.email })}
      </h2>
      <p>{t('members.link.noMail', { email: invitation.email })}</p>
      <label htmlFor={inputId}>{t('members.link.label')}</label>
      <div className="members-link__row">
        <input
          id={inputId}
          className="members-link__input"
          value={invitation.link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          {t('members.link.copy')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDismiss}>
          {t('members.link.done')}
        </button>
      </div>
      <p role="status" className="members-link__status">
        {copied === 'yes' && t('members.link.copied')}
        {copied === 'no' && t('members.link.copyFailed')}
      </p>
    </section>
  );
}
