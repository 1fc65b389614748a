import type { AddMemberResult, Role } from '@masthead/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { failureMessage } from '../../../lib/failed-call.js';
import { useAddMemberMutation } from '../api/members-api.js';
import { ROLES } from '@masthead/contract/roles';

interface AddMemberDialogProps {
  domain: string;
  onClose: () => void;
  /** The server's answer: a member, or an invitation with its link. */
  onAdded: (result: AddMemberResult) => void;
}

/** "Add member": an e-mail and a role. A refusal (already a member, invalid e-mail) shows inline. */
export function AddMemberDialog({ domain, onClose, onAdded }: AddMemberDialogProps) {
  const { t } = useTranslation();
  const emailId = useId();
  const roleId = useId();
  const errorId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('author');
  const [error, setError] = useState<string>();
  const [addMember, { isLoading }] = useAddMemberMutation();

  useEffect(() => {
    const frame = window.requestAnimationFrame(() => emailRef.current?.focus());
    return () => window.cancelAnimationFrame(frame);
  }, []);

  async function submit() {
    if (isLoading) return;
    const trimmed = email.trim();
    if (trimmed === '') {
      setError(t('members.add.emailRequired'));
      return;
    }
    setError(undefined);
    const result = await addMember({ domain, email: trimmed, role });
    if ('data' in result && result.data) onAdded(result.data);
    else setError(failureMessage(result.error) ?? t('members.add.failed'));
  }

  return (
    <FormDialog
      title={t('members.add.title')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('members.add.submit')}
      busyLabel={isLoading ? t('members.add.adding') : undefined}
      className="members-form"
    >
      <label htmlFor={emailId}>
        {t('members.add.email')}
        <span aria-hidden="true"> *</span>
      </label>
      <input
        ref={emailRef}
        id={emailId}
        type="email"
        className="members-form__input"
        value={email}
        required
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        autoComplete="off"
        onChange={(event) => setEmail(event.target.value)}
      />
      <label htmlFor={roleId}>{t('members.add.role')}</label>
      <select
        id={roleId}
        className="members-form__input"
        value={role}
        onChange={(event) => setRole(event.target.value as Role)}
      >
        {ROLES.map((each) => (
          <option key={each} value={each}>
            {t(`members.roles.${each}`)}
          </option>
        ))}
      </select>
      <p className="members-form__hint">{t('members.add.hint')}</p>
      {error && (
        <p id={errorId} className="members__error" role="alert">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
