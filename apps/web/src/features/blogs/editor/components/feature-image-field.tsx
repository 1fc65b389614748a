import { useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation.js';
import { FieldError, FieldLabel } from '../../../../components/forms/form-field.js';

interface FeatureImageFieldProps {
  id: string;
  errorId: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  disabled?: boolean;
}

const isWebAddress = (value: string) => /^https?:\/\/\S+$/i.test(value.trim());

/** The feature image's address, with a small preview once the image has loaded (and none if it fails). */
export function FeatureImageField({ id, errorId, value, error, onChange, disabled }: FeatureImageFieldProps) {
  const { t } = useTranslation();
  const src = value.trim();
  const [loaded, setLoaded] = useState<string | null>(null);
  return (
    <div className="post-field">
      <FieldLabel htmlFor={id}>{t('blogEditor.featureImageUrl')}</FieldLabel>
      <input
        id={id}
        className="post-field__input"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={errorId} message={error} />
      {isWebAddress(src) && (
        <img
          // A new address starts hidden until it has loaded, so a broken image never shows.
          key={src}
          src={src}
          alt={t('blogEditor.featureImagePreview')}
          className="feature-image__preview"
          hidden={loaded !== src}
          onLoad={() => setLoaded(src)}
          onError={() => setLoaded(null)}
        />
      )}
    </div>
  );
}
