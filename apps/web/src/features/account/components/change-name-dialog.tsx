import { MAX_NAME_LENGTH } from '@masthead/contract/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useChangeAccountNameMutation } from '../api/account-api.js';
import { failureLines } from '../../../lib/failed-call.js';
import './account-dialogs.css';

interface ChangeNameDialogProps {
  currentName: string;
  onClose: () => void;
  /** The name was changed: the caller fetches new tokens, which carry it. */
  onChanged: () => void;
}

/** "Change name" (decision 045): the display name the sidebar and new tokens show. */
export function ChangeNameDialog({ currentName, onClose, onChanged }: ChangeNameDialogProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const messageId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(currentName);
  const [problem, setProblem] = useState<string>();
  const [changeName, { isLoading }] = useChangeAccountNameMutation();

  useEffect(() => {
    const frame = window.requestAnimationFrame(() => inputRef.current?.select());
    return () => window.cancelAnimationFrame(frame);
  }, []);

  async function submit() {
    if (isLoading) return;
    if (name.trim() === '') return setProblem(t('account.name.required'));
    setProblem(undefined);
    try {
      await changeName({ name: name.trim() }).unwrap();
      onChanged();
    } catch (error) {
      setProblem(failureLines(error)[0] ?? t('account.name.failed'));
    }
  }

  return (
    <FormDialog
      title={t('account.name.title')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busyLabel={isLoading ? t('common.saving') : undefined}
      className="account-form"
    >
      <div className="account-form__field">
        <label htmlFor={inputId}>{t('account.name.label')}</label>
        <input
          ref={inputRef}
          id={inputId}
          className="account-form__input"
          autoComplete="name"
          required
          maxLength={MAX_NAME_LENGTH}
          value={name}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? messageId : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {problem && (
          <p id={messageId} className="account-form__error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </FormDialog>
  );
}
