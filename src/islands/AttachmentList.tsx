import type { Translate } from '~/i18n/translate';
import type { UploadedFile } from '~/client/use-upload-dialog';

interface Props {
  attachments: UploadedFile[];
  onRemove: (file: UploadedFile) => void;
  t: Translate;
}

/** Uploaded attachments by the visitor's own file names, each with a button that takes it off the inquiry. */
export default function AttachmentList({ attachments, onRemove, t }: Props) {
  if (attachments.length === 0) return null;
  return (
    <ul className="mt-4 grid gap-2 text-sm text-ink-soft" aria-label={t('inquiry.attachments')} data-testid="attachment-list">
      {attachments.map((file) => (
        <li key={file.path} className="flex items-center gap-2 rounded-md border border-line px-3 py-1">
          <span className="min-w-0 flex-1 break-all" data-testid="attachment-name">{file.name}</span>
          <button
            type="button"
            onClick={() => onRemove(file)}
            aria-label={t('inquiry.attachmentRemove', { name: file.name })}
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-lg text-ink hover:bg-mist"
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
