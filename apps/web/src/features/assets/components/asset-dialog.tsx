import { MAX_ASSET_DESCRIPTION_LENGTH } from '@masthead/contract/constants';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Dialog } from '../../../components/ui/dialog.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useGetAssetQuery } from '../api/get-asset.js';
import { usePickedImage } from '../hooks/use-picked-image.js';
import { useSaveAsset } from '../hooks/use-save-asset.js';
import { ACCEPT_IMAGES } from '../upload/image-file.js';
import { ImagePlaceholderIcon, UploadIcon } from './asset-icons.js';
import { ImageSize, knownSize, type KnownSize } from './image-size.js';

interface AssetDialogProps {
  domain: string;
  /** An existing asset to edit; none to upload a new one. */
  assetId?: string | undefined;
  onClose: () => void;
}

/**
 * The asset dialog (spec §2, §4, §5): pick or drop a PNG or JPEG, see it compressed and previewed
 * with its size in pixels (issue 31), describe it and save. In edit mode only the description can
 * change.
 */
export function AssetDialog({ domain, assetId, onClose }: AssetDialogProps) {
  const { t } = useTranslation();
  const editing = assetId !== undefined;
  const existing = useGetAssetQuery(editing ? { domain, id: assetId } : skipToken);
  const [description, setDescription] = useState('');
  const [isPublic, setIsPublic] = useState(true);
  const [decoded, setDecoded] = useState<{ url: string; size: KnownSize | null }>();
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), description: useId(), progress: useId(), upload: useId(), public: useId() };

  const clearForm = useCallback(() => {
    setDescription('');
    setIsPublic(true);
    if (fileInput.current) fileInput.current.value = '';
  }, []);
  const picked = usePickedImage(t('assets.notAnImage'), clearForm);
  const save = useSaveAsset(domain);

  const loaded = existing.data?.asset;
  useEffect(() => {
    if (loaded) setDescription(loaded.description);
  }, [loaded]);

  const compressing = picked.progress > 0 && picked.progress < 100;
  const canSave =
    !save.saving &&
    !picked.error &&
    !compressing &&
    description.trim() !== '' &&
    (editing ? loaded !== undefined : picked.file !== null);

  function choose(file: File | undefined) {
    if (!file || editing) return;
    void picked.choose(file);
  }

  async function submit() {
    if (!canSave) return;
    const done = editing
      ? await save.update(assetId, existing.data?.etag ?? null, description.trim())
      : await save.create({ file: picked.file!, description: description.trim(), isPublic });
    if (done) {
      picked.reset();
      clearForm();
      onClose();
    }
  }

  const onDragOver = (event: DragEvent) => {
    if (editing) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEvent) => {
    if (editing) return;
    event.preventDefault();
    choose(event.dataTransfer.files[0]);
  };

  const previewUrl = editing ? loaded?.downloadUrl : picked.previewUrl;
  // An asset's size is known; a picked file's, once its preview has decoded.
  let size: KnownSize | null = null;
  if (editing) size = loaded ? knownSize(loaded) : null;
  else if (decoded && decoded.url === previewUrl) size = decoded.size;
  return (
    <Dialog
      closeIcon
      title={t(editing ? 'assets.editTitle' : 'assets.uploadTitle')}
      onClose={onClose}
      actions={
        <button
          type="button"
          className="button button--primary"
          disabled={!canSave}
          onClick={() => void submit()}
        >
          {save.saving ? t('common.saving') : t('common.save')}
        </button>
      }
    >
      <div className="asset-dialog" onDragOver={onDragOver} onDrop={onDrop}>
        <div className="asset-dialog__picker">
          <button
            type="button"
            className="button button--secondary"
            disabled={editing || save.saving}
            aria-describedby={ids.file}
            onClick={() => fileInput.current?.click()}
          >
            <UploadIcon />
            {t('assets.upload')}
          </button>
          <input
            ref={fileInput}
            type="file"
            className="visually-hidden"
            tabIndex={-1}
            accept={ACCEPT_IMAGES}
            aria-label={t('assets.fileInput')}
            disabled={editing || save.saving}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <div id={ids.file} className="asset-dialog__hint">
            <p>{t('assets.limit')}</p>
            {!editing && <p>{t('assets.dropHint')}</p>}
          </div>
        </div>
        <div className="asset-dialog__preview">
          {previewUrl ? (
            <img
              src={previewUrl}
              alt={t('assets.previewAlt')}
              onLoad={(event) =>
                setDecoded({
                  url: previewUrl,
                  size: knownSize({
                    width: event.currentTarget.naturalWidth,
                    height: event.currentTarget.naturalHeight,
                  }),
                })
              }
            />
          ) : (
            <div className="asset-dialog__placeholder" role="img" aria-label={t('assets.noPreview')}>
              <ImagePlaceholderIcon />
            </div>
          )}
        </div>
        {size && (
          <p className="asset-dialog__size">
            {t('assets.size')} <ImageSize width={size.width} height={size.height} />
          </p>
        )}
        {picked.errorMessage && (
          <p className="asset-dialog__error" role="alert">
            {picked.errorMessage}
          </p>
        )}
        {!editing && (
          <div className="asset-dialog__progress">
            <label htmlFor={ids.progress}>{t('assets.compression', { progress: picked.progress })}</label>
            <progress id={ids.progress} max={100} value={picked.progress} />
          </div>
        )}
        {save.uploadProgress !== null && (
          <div className="asset-dialog__progress">
            <label htmlFor={ids.upload}>{t('assets.uploading', { progress: save.uploadProgress })}</label>
            <progress id={ids.upload} max={100} value={save.uploadProgress} />
          </div>
        )}
        <div className="asset-dialog__field">
          <label htmlFor={ids.description} className="asset-dialog__label">
            {t('assets.description')}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            id={ids.description}
            className="asset-dialog__input"
            required
            aria-required="true"
            maxLength={MAX_ASSET_DESCRIPTION_LENGTH}
            value={description}
            disabled={save.saving || (editing && !loaded)}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        {!editing && (
          <label className="asset-dialog__check">
            <input
              type="checkbox"
              checked={isPublic}
              disabled={save.saving}
              onChange={(event) => setIsPublic(event.target.checked)}
            />
            {t('assets.public')}
          </label>
        )}
      </div>
    </Dialog>
  );
}
