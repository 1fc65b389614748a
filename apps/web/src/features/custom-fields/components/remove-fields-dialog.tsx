import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { useTranslation } from '../../../lib/use-translation.js';

export type RemovalChoice = 'keepValues' | 'dropValues';

interface RemoveFieldsDialogProps {
  /** The removed fields that posts hold values for; a null count is "a million or more". */
  held: { key: string; label: string; count: number | null }[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: (choice: RemovalChoice) => void;
}

/** The save removes fields posts hold values for (409): how many posts, and keep or drop the values. */
export function RemoveFieldsDialog({ held, busy, onCancel, onConfirm }: RemoveFieldsDialogProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<RemovalChoice>('keepValues');
  return (
    <ConfirmDialog
      title={t('customFields.removal.title')}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('customFields.removal.confirm')}
      tone={choice === 'dropValues' ? 'danger' : 'primary'}
      busyLabel={busy ? t('common.saving') : undefined}
      onCancel={onCancel}
      onConfirm={() => onConfirm(choice)}
    >
      <ul className="remove-fields__list">
        {held.map(({ key, label, count }) => (
          <li key={key}>
            {count === null
              ? t('customFields.removal.heldByMany', { label })
              : t('customFields.removal.heldBy', { label, count })}
          </li>
        ))}
      </ul>
      <p>{t('customFields.removal.keepValues')}</p>
      <label className="field-row__check">
        <input
          type="checkbox"
          checked={choice === 'dropValues'}
          onChange={(event) => setChoice(event.target.checked ? 'dropValues' : 'keepValues')}
        />
        {t('customFields.removal.dropValues')}
      </label>
    </ConfirmDialog>
  );
}
