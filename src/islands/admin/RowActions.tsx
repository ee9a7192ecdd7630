interface Props {
  editLabel: string;
  deleteLabel: string;
  /** What the row is, appended for screen readers so every button's name is unique ("수정 카페"). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** A table row's edit and delete buttons, the same in every admin table. */
export default function RowActions({ editLabel, deleteLabel, name, onEdit, onDelete }: Props) {
  return (
    <div className="flex gap-2">
      <button type="button" className="min-h-11 rounded border border-line px-3 py-1 hover:bg-mist" onClick={onEdit}>
        {editLabel}<span className="sr-only"> {name}</span>
      </button>
      <button type="button" className="min-h-11 rounded border border-danger px-3 py-1 text-danger hover:bg-danger hover:text-white" onClick={onDelete}>
        {deleteLabel}<span className="sr-only"> {name}</span>
      </button>
    </div>
  );
}
