import type { MouseEvent } from 'react';

interface Props {
  editLabel: string;
  deleteLabel: string;
  /** What the row is, appended for screen readers so every button's name is unique ("수정 카페"). */
  name: string;
  onEdit: () => void;
  onDelete: (event: MouseEvent<HTMLButtonElement>) => void;
  /** Its delete request is running: the button stays focusable but does nothing (no second delete). */
  deleting?: boolean;
}

/** A table row's edit and delete buttons, the same in every admin table. */
export default function RowActions({ editLabel, deleteLabel, name, onEdit, onDelete, deleting = false }: Props) {
  return (
    <div className="flex gap-2">
      <button type="button" className="min-h-11 rounded border border-line px-3 py-1 hover:bg-mist" onClick={onEdit}>
        {editLabel}<span className="sr-only"> {name}</span>
      </button>
      <button
        type="button"
        aria-disabled={deleting || undefined}
        aria-busy={deleting || undefined}
        className="min-h-11 rounded border border-danger px-3 py-1 text-danger hover:bg-danger hover:text-white aria-disabled:cursor-wait aria-disabled:opacity-60 aria-disabled:hover:bg-transparent aria-disabled:hover:text-danger"
        onClick={(event) => !deleting && onDelete(event)}
      >
        {deleteLabel}<span className="sr-only"> {name}</span>
      </button>
    </div>
  );
}
