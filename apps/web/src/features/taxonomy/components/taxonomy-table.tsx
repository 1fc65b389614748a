import { formatTableDate } from '../../../lib/format-table-date.js';
import { useTranslation } from '../../../lib/use-translation.js';
import type { TaxonomyItem, TaxonomyKindName } from '../api/taxonomy-kinds.js';
import { DeleteButton, EditButton } from '../../../components/ui/row-actions.js';

interface TaxonomyTableProps {
  kind: TaxonomyKindName;
  items: TaxonomyItem[];
  labelledBy: string;
  busy: boolean;
  /** Only for a role that may change tags and categories. */
  canManage: boolean;
  onEdit: (item: TaxonomyItem) => void;
  onDelete: (item: TaxonomyItem) => void;
}

/** The display name, the created date ('MMM dd, yyyy kk:mm', spec §9) and the edit and delete icons. */
export function TaxonomyTable({
  kind,
  items,
  labelledBy,
  busy,
  canManage,
  onEdit,
  onDelete,
}: TaxonomyTableProps) {
  const { t } = useTranslation();
  return (
    <div className="taxonomy-panel__table-wrap">
      <table className="taxonomy-table" aria-labelledby={labelledBy} aria-busy={busy}>
        <thead>
          <tr>
            <th scope="col">{t(`taxonomy.${kind}.column`)}</th>
            <th scope="col" className="taxonomy-table__date">
              {t('taxonomy.createdColumn')}
            </th>
            {canManage && (
              <th scope="col" className="taxonomy-table__actions">
                {t('taxonomy.actionsColumn')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td className="taxonomy-table__name">{item.name}</td>
              <td className="taxonomy-table__date">
                <time dateTime={item.createdDate}>{formatTableDate(item.createdDate)}</time>
              </td>
              {canManage && (
                <td className="taxonomy-table__actions">
                  <EditButton
                    label={t(`taxonomy.${kind}.edit`, { name: item.name })}
                    onClick={() => onEdit(item)}
                  />
                  <DeleteButton
                    label={t(`taxonomy.${kind}.delete`, { name: item.name })}
                    onClick={() => onDelete(item)}
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
