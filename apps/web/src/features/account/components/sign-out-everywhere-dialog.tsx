import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useSignOutEverywhereMutation } from '../api/account-api.js';
import './account-dialogs.css';

interface SignOutEverywhereDialogProps {
  onCancel: () => void;
  /** Every sign-in of the account has ended: the caller ends this one too. */
  onSignedOut: () => void;
}

/** "Sign out everywhere" (decision 045): asked first, since it ends this sign-in as well. */
export function SignOutEverywhereDialog({ onCancel, onSignedOut }: SignOutEverywhereDialogProps) {
  const { t } = useTranslation();
  const [signOutEverywhere, { isLoading, isError }] = useSignOutEverywhereMutation();

  async function confirm() {
    try {
      await signOutEverywhere().unwrap();
    } catch {
      return; // the error toast and the line below say so; the question stays for another try
    }
    onSignedOut();
  }

  return (
    <ConfirmDialog
      title={t('account.signOutEverywhere.title')}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('account.signOutEverywhere.confirm')}
      busyLabel={isLoading ? t('account.signOutEverywhere.busy') : undefined}
      tone="danger"
      onCancel={onCancel}
      onConfirm={() => void confirm()}
    >
      <p className="account-form__intro">{t('account.signOutEverywhere.body')}</p>
      {isError && (
        <p className="account-form__error" role="alert">
          {t('account.signOutEverywhere.failed')}
        </p>
      )}
    </ConfirmDialog>
  );
}
