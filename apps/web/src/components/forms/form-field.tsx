import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.js';

interface FieldLabelProps {
  htmlFor: string;
  children: ReactNode;
  required?: boolean;
}

/** A visible label; the asterisk is for the eye, aria-required on the control says it to the ear. */
export function FieldLabel({ htmlFor, children, required = false }: FieldLabelProps) {
  return (
    <label htmlFor={htmlFor} className="post-field__label">
      {children}
      {required && <RequiredMark />}
    </label>
  );
}

export function RequiredMark() {
  return (
    <span className="post-field__required" aria-hidden="true">
      {' *'}
    </span>
  );
}

/** A field's message (a translation key), referenced by the control's aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="post-field__error">
      {t(message)}
    </p>
  );
}
