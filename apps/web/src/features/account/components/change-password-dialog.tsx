import { PASSWORD_MIN_LENGTH } from '@masthead/contract/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.js';
import { FormDialog } from '../../../components/ui/form-dialog.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useChangePasswordMutation } from '../api/account-api.js';
import { failureLines, failureStatus } from '../../../lib/failed-call.js';
import { aboutField } from '../api/error-lines.js';
import './account-dialogs.css';

type Field = 'current' | 'next' | 'confirm';
interface Problem {
  field: Field | undefined;
  message: string;
}

interface ChangePasswordDialogProps {
  onClose: () => void;
  /** After the change every sign-in has ended, this one too: the caller signs out locally. */
  onSignInAgain: () => void;
}

/**
 * "Change password" (decision 045): the current password, the new one twice. The server checks the
 * current one like a sign-in; its refusals are shown beside the field they are about.
 */
export function ChangePasswordDialog({ onClose, onSignInAgain }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const ids = { current: useId(), next: useId(), confirm: useId(), rule: useId(), message: useId() };
  const currentRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState({ current: '', next: '', confirm: '' });
  const [problem, setProblem] = useState<Problem>();
  const [changePassword, { isLoading, isSuccess }] = useChangePasswordMutation();

  // The dialog focuses its first control (the close icon); the current password is what one came for.
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => currentRef.current?.focus());
    return () => window.cancelAnimationFrame(frame);
  }, []);

  async function submit() {
    if (isLoading) return;
    if (values.current === '')
      return setProblem({ field: 'current', message: t('account.password.currentRequired') });
    if (values.next.length < PASSWORD_MIN_LENGTH)
      return setProblem({
        field: 'next',
        message: t('account.password.tooShort', { min: PASSWORD_MIN_LENGTH }),
      });
    if (values.next !== values.confirm)
      return setProblem({ field: 'confirm', message: t('account.password.mismatch') });
    setProblem(undefined);
    try {
      await changePassword({ currentPassword: values.current, newPassword: values.next }).unwrap();
    } catch (error) {
      const status = failureStatus(error);
      const lines = failureLines(error);
      if (status === 400 && aboutField(lines, 'currentPassword'))
        setProblem({ field: 'current', message: t('account.password.wrongCurrent') });
      else if (status === 400 && aboutField(lines, 'newPassword'))
        setProblem({ field: 'next', message: lines.join(' ') });
      else if (status === 429) setProblem({ field: undefined, message: t('account.password.tooMany') });
      else setProblem({ field: undefined, message: lines[0] ?? t('account.password.failed') });
    }
  }

  if (isSuccess) {
    return (
      <Dialog
        title={t('account.password.title')}
        onClose={onSignInAgain}
        actions={
          <button type="button" className="button button--primary" onClick={onSignInAgain}>
            {t('account.password.signInAgain')}
          </button>
        }
      >
        <p className="account-form__success" role="status">
          {t('account.password.changed')}
        </p>
      </Dialog>
    );
  }

  const field = (name: Field, label: string, autoComplete: string, describedBy?: string) => {
    const invalid = problem?.field === name;
    return (
      <div className="account-form__field">
        <label htmlFor={ids[name]}>{label}</label>
        <input
          ref={name === 'current' ? currentRef : undefined}
          id={ids[name]}
          type="password"
          className="account-form__input"
          autoComplete={autoComplete}
          required
          value={values[name]}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={[describedBy, invalid ? ids.message : ''].filter(Boolean).join(' ') || undefined}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        />
        {invalid && (
          <p id={ids.message} className="account-form__error" role="alert">
            {problem.message}
          </p>
        )}
      </div>
    );
  };

  return (
    <FormDialog
      title={t('account.password.title')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('account.password.save')}
      busyLabel={isLoading ? t('account.password.saving') : undefined}
      className="account-form"
    >
      <p className="account-form__intro">{t('account.password.intro')}</p>
      {field('current', t('account.password.current'), 'current-password')}
      {field('next', t('account.password.new'), 'new-password', ids.rule)}
      <p id={ids.rule} className="account-form__hint">
        {t('account.password.rule', { min: PASSWORD_MIN_LENGTH })}
      </p>
      {field('confirm', t('account.password.confirm'), 'new-password')}
      {problem && problem.field === undefined && (
        <p className="account-form__error" role="alert">
          {problem.message}
        </p>
      )}
    </FormDialog>
  );
}
