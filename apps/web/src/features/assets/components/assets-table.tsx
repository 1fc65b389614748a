import type { AssetInfo } from '@masthead/contract';
import { formatTableDate } from '../../../lib/format-table-date.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { DeleteButton, EditButton } from '../../../components/ui/row-actions.js';
import { CopyLinkButton } from './copy-link-button.js';
import { ImageSize } from './image-size.js';

interface AssetsTableProps {
  assets: AssetInfo[];
  busy: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (asset: AssetInfo) => void;
  onDelete: (asset: AssetInfo) => void;
}

/**
 * The assets table (spec §2): thumbnail, file name, mime type, dimensions (issue 31), link,
 * description, created, actions.
 */
export function AssetsTable({ assets, busy, canEdit, canDelete, onEdit, onDelete }: AssetsTableProps) {
  const { t } = useTranslation();
  return (
    <div className="assets-table__scroll">
      <table className="assets-table" aria-busy={busy}>
        <caption className="visually-hidden">{t('assets.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('assets.columns.preview')}</th>
            <th scope="col">{t('assets.columns.fileName')}</th>
            <th scope="col">{t('assets.columns.mimeType')}</th>
            <th scope="col">{t('assets.columns.dimensions')}</th>
            <th scope="col">{t('assets.columns.link')}</th>
            <th scope="col">{t('assets.columns.description')}</th>
            <th scope="col">{t('assets.columns.created')}</th>
            {(canEdit || canDelete) && <th scope="col">{t('assets.columns.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {assets.map((asset) => (
            <tr key={asset.id}>
              <td>
                {/* Decorative: the file name in the next cell names the row. */}
                <img
                  className="assets-table__thumb"
                  src={asset.downloadUrl}
                  alt=""
                  loading="lazy"
                  width={48}
                  height={48}
                />
              </td>
              <th scope="row" className="assets-table__name">
                {asset.fileName}
              </th>
              <td>{asset.mimeType}</td>
              <td className="assets-table__size">
                <ImageSize width={asset.width} height={asset.height} />
              </td>
              <td>
                <CopyLinkButton url={asset.downloadUrl} fileName={asset.fileName} />
              </td>
              <td className="assets-table__description">{asset.description}</td>
              <td>
                <time dateTime={asset.createdDate}>{formatTableDate(asset.createdDate)}</time>
              </td>
              {(canEdit || canDelete) && (
                <td className="assets-table__actions">
                  {canEdit && (
                    <EditButton
                      label={t('assets.editNamed', { name: asset.fileName })}
                      title={t('common.edit')}
                      onClick={() => onEdit(asset)}
                    />
                  )}
                  {canDelete && (
                    <DeleteButton
                      label={t('assets.deleteNamed', { name: asset.fileName })}
                      title={t('common.delete')}
                      onClick={() => onDelete(asset)}
                    />
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
