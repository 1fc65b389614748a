import type { BlogPost, Category, ColumnDef, Tag } from '@masthead/contract';
import { useTranslation } from '../../../../lib/use-translation.js';
import { controlId, describedBy, errorIdOf, type FormControl } from '../field-ids.js';
import type { PostForm } from '../hooks/use-post-form.js';
import { CategorySelect } from './category-select.js';
import { ContentField } from './content-field.js';
import { CustomFieldInput } from '../../../../components/forms/custom-field-input.js';
import { FeatureImageField } from './feature-image-field.js';
import { FieldError, FieldLabel } from '../../../../components/forms/form-field.js';
import { SlugPreview } from './slug-preview.js';
import { TagPicker } from './tag-picker.js';

export interface ColumnDefsState {
  defs: ColumnDef[] | undefined;
  failed: boolean;
  retry: () => void;
}

interface PostFormFieldsProps {
  idPrefix: string;
  form: PostForm;
  /** The post as last loaded or saved; undefined for a new post. */
  savedPost: BlogPost | undefined;
  tagOptions: Tag[] | undefined;
  categoryOptions: Category[] | undefined;
  columnDefs: ColumnDefsState;
  readOnly: boolean;
}

/**
 * The fields in reading order: what the post says first (title, short description, content), then
 * how it is filed (category, author, tags, feature image, the domain's custom fields).
 */
export function PostFormFields(props: PostFormFieldsProps) {
  const { idPrefix, form, savedPost, tagOptions, categoryOptions, readOnly } = props;
  const { t } = useTranslation();
  const { values, errors, update } = form;
  const id = (control: FormControl) => controlId(idPrefix, control);
  const errorId = (control: FormControl) => errorIdOf(idPrefix, control);
  const slugId = `${idPrefix}-slug`;
  const invalid = (control: FormControl) => (errors[control as keyof typeof errors] ? true : undefined);

  return (
    <>
      <div className="post-field">
        <FieldLabel htmlFor={id('title')} required>
          {t('blogEditor.title')}
        </FieldLabel>
        <input
          id={id('title')}
          className="post-field__input post-field__input--title"
          type="text"
          required
          aria-required
          aria-invalid={invalid('title')}
          aria-describedby={describedBy(errors.title && errorId('title'), slugId)}
          disabled={readOnly}
          value={values.title}
          onChange={(event) => update({ title: event.target.value })}
        />
        <FieldError id={errorId('title')} message={errors.title} />
        <SlugPreview id={slugId} title={values.title} savedSlug={savedPost?.slug} />
      </div>

      <div className="post-field">
        <FieldLabel htmlFor={id('shortDescription')}>{t('blogEditor.shortDescription')}</FieldLabel>
        <textarea
          id={id('shortDescription')}
          className="post-field__input"
          rows={3}
          disabled={readOnly}
          value={values.shortDescription}
          onChange={(event) => update({ shortDescription: event.target.value })}
        />
      </div>

      <ContentField
        id={id('content')}
        labelId={`${id('content')}-label`}
        errorId={errorId('content')}
        error={errors.content}
        seed={form.seed}
        readOnly={readOnly}
        onChange={(content) => update({ content })}
      />

      <div className="post-form__grid">
        <div className="post-field">
          <FieldLabel htmlFor={id('category')}>{t('blogEditor.category')}</FieldLabel>
          <CategorySelect
            id={id('category')}
            options={categoryOptions}
            value={values.categoryId}
            saved={savedPost?.category}
            disabled={readOnly}
            onChange={(categoryId) => update({ categoryId })}
          />
        </div>

        <div className="post-field">
          <FieldLabel htmlFor={id('writtenBy')} required>
            {t('blogEditor.author')}
          </FieldLabel>
          <input
            id={id('writtenBy')}
            className="post-field__input"
            type="text"
            autoComplete="name"
            required
            aria-required
            aria-invalid={invalid('writtenBy')}
            aria-describedby={describedBy(errors.writtenBy && errorId('writtenBy'))}
            disabled={readOnly}
            value={values.writtenBy}
            onChange={(event) => update({ writtenBy: event.target.value })}
          />
          <FieldError id={errorId('writtenBy')} message={errors.writtenBy} />
        </div>

        <div className="post-field post-field--wide">
          <FieldLabel htmlFor={id('tags')}>
            <span id={`${id('tags')}-label`}>{t('blogEditor.tags')}</span>
          </FieldLabel>
          <TagPicker
            id={id('tags')}
            labelId={`${id('tags')}-label`}
            options={tagOptions}
            value={values.tags}
            disabled={readOnly}
            onChange={(tags) => update({ tags })}
          />
        </div>

        <div className="post-field--wide">
          <FeatureImageField
            id={id('featureImageUrl')}
            errorId={errorId('featureImageUrl')}
            value={values.featureImageUrl}
            error={errors.featureImageUrl}
            disabled={readOnly}
            onChange={(featureImageUrl) => update({ featureImageUrl })}
          />
        </div>

        <CustomFields {...props} />
      </div>
    </>
  );
}

function CustomFields({ idPrefix, form, columnDefs, readOnly }: PostFormFieldsProps) {
  const { t } = useTranslation();
  if (columnDefs.failed) {
    return (
      <div className="post-field post-field--wide" role="alert">
        <p className="post-field__error">{t('blogEditor.fieldsLoadFailed')}</p>
        <div>
          <button type="button" className="button button--secondary" onClick={columnDefs.retry}>
            {t('common.retry')}
          </button>
        </div>
      </div>
    );
  }
  if (!columnDefs.defs) {
    return <div className="post-skeleton__block" aria-busy="true" />;
  }
  return columnDefs.defs.map((def) => {
    const key = `fields.${def.key}` as const;
    return (
      <CustomFieldInput
        key={def.key}
        def={def}
        id={controlId(idPrefix, key)}
        errorId={errorIdOf(idPrefix, key)}
        value={form.values.fields[def.key]}
        error={form.errors[key]}
        disabled={readOnly}
        onChange={(value) => form.setField(def.key, value)}
      />
    );
  });
}
