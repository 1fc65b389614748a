import type { Category, CategoryRef } from '@masthead/contract';
import { useTranslation } from '../../../../lib/use-translation.js';

interface CategorySelectProps {
  id: string;
  options: Category[] | undefined;
  /** '' for none. */
  value: string;
  /** The post's saved category, shown while the domain's list loads (or if it left the list). */
  saved: CategoryRef | null | undefined;
  onChange: (categoryId: string) => void;
  disabled?: boolean;
}

/** The domain's categories by display name, after 'Select a category' for none (spec §2). */
export function CategorySelect({ id, options, value, saved, onChange, disabled }: CategorySelectProps) {
  const { t } = useTranslation();
  const choices: { id: string; categoryDisplayName: string }[] = [...(options ?? [])];
  if (saved && !choices.some((category) => category.id === saved.id)) choices.push(saved);
  return (
    <select
      id={id}
      className="post-field__input"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{t('blogEditor.selectCategory')}</option>
      {choices.map((category) => (
        <option key={category.id} value={category.id}>
          {category.categoryDisplayName}
        </option>
      ))}
    </select>
  );
}
