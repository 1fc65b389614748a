import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.js';
import { useNotify } from '../../notifications/use-notify.js';
import { usePrepareAssetUploadMutation } from '../api/prepare-upload.js';
import { useCreateAssetMutation, useUpdateAssetMutation } from '../api/save-asset.js';
import { putFile } from '../upload/put-file.js';

export interface NewAsset {
  file: File;
  description: string;
  isPublic: boolean;
}

/**
 * The dialog's Save (spec §7 "Asset upload"): a new asset is the upload-url call, the PUT of the
 * file with upload progress, then the POST of its info; an existing one is a PUT of its
 * description. Each ends with the spec's toast. Refusals of the API reach the user through the
 * error toast of the API layer; a failed PUT to storage gets one here.
 */
export function useSaveAsset(domain: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [prepareUpload] = usePrepareAssetUploadMutation();
  const [createAsset] = useCreateAssetMutation();
  const [updateAsset] = useUpdateAssetMutation();
  const [saving, setSaving] = useState(false);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);

  const success = (title: string, description: string) =>
    notify({ type: 'success', title, description: [description] });

  /** Resolves to true when the asset is registered. */
  async function create({ file, description, isPublic }: NewAsset): Promise<boolean> {
    setSaving(true);
    setUploadProgress(null);
    try {
      const prepared = await prepareUpload({
        domain,
        fileName: file.name,
        mimeType: file.type,
        size: file.size,
        public: isPublic,
      });
      if (prepared.error) return false;
      setUploadProgress(0);
      try {
        await putFile(prepared.data.signedUrl, file, prepared.data.headers, setUploadProgress);
      } catch {
        notify({
          type: 'error',
          title: t('assets.uploadFailedTitle'),
          description: [t('assets.uploadFailed')],
        });
        return false;
      }
      const created = await createAsset({
        domain,
        body: {
          fileKey: prepared.data.fileKey,
          fileName: prepared.data.fileName,
          mimeType: file.type,
          public: isPublic,
          description,
        },
      });
      if (created.error) return false;
      success(t('notification.created'), t('notification.assetCreated'));
      return true;
    } finally {
      setSaving(false);
    }
  }

  async function update(id: string, etag: string | null, description: string): Promise<boolean> {
    setSaving(true);
    try {
      const updated = await updateAsset({ domain, id, etag, description });
      if (updated.error) return false;
      success(t('notification.updated'), t('notification.assetUpdated'));
      return true;
    } finally {
      setSaving(false);
    }
  }

  return { create, update, saving, uploadProgress };
}
