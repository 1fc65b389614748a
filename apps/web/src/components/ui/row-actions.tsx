import { Icon } from './icons.js';

/** The add, edit and delete controls that the tag, category and asset tables share. */
export const PlusIcon = () => (
  <Icon>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

const EditIcon = () => (
  <Icon size={18}>
    <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </Icon>
);

const TrashIcon = () => (
  <Icon size={18}>
    <path d="M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2m3 0-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6M10 11v6M14 11v6" />
  </Icon>
);

interface RowActionProps {
  /** The accessible name, naming the row ("Edit tag TypeScript"). */
  label: string;
  /** The tooltip; the label when absent. */
  title?: string;
  onClick: () => void;
}

export function EditButton({ label, title = label, onClick }: RowActionProps) {
  return (
    <button type="button" className="icon-button" aria-label={label} title={title} onClick={onClick}>
      <EditIcon />
    </button>
  );
}

export function DeleteButton({ label, title = label, onClick }: RowActionProps) {
  return (
    <button
      type="button"
      className="icon-button icon-button--danger"
      aria-label={label}
      title={title}
      onClick={onClick}
    >
      <TrashIcon />
    </button>
  );
}
