import type { Translate } from '~/i18n/translate';
import { formatBytes } from '~/client/inbox/format';
import { uploadFailureText } from '~/client/upload/upload-failure';
import { ATTACHMENT_MAX_MB, type FormAttachment } from './use-attachments';

interface Props {
  attachments: FormAttachment[];
  onRemove: (file: FormAttachment) => void;
  /** BCP 47 tag for the sizes. */
  localeTag: string;
  t: Translate;
}

/** The id of a listed file's failure text, which its remove button is described by. */
const failureId = (index: number) => `attachment-${index}-failure`;

/**
 * Every file that goes with the inquiry, by the visitor's own file name and size, each with a button that
 * takes it off: uploaded ones, and picked ones that go up when the inquiry is sent (said so beside them). A
 * file whose upload failed says why right there ("fake.pdf is not a real PDF file"), and its remove button is
 * described by it, so the focus the form moves there and the reason are read together (issue 38).
 */
export default function AttachmentList({ attachments, onRemove, localeTag, t }: Props) {
  if (attachments.length === 0) return null;
  return (
    <ul className="mt-4 grid gap-2 text-sm text-ink-soft" aria-label={t('inquiry.attachments')} data-testid="attachment-list">
      {attachments.map((file, index) => (
        <li
          key={file.key}
          data-state={file.failure ? 'failed' : file.path ? 'uploaded' : 'pending'}
          className={`flex items-center gap-2 rounded-md border px-3 py-1 ${file.failure ? 'border-danger' : 'border-line'}`}
        >
          <span className="min-w-0 flex-1">
            <span className="break-all text-ink" data-testid="attachment-name">{file.name}</span>
            {file.failure ? (
              <span id={failureId(index)} className="block text-sm font-medium text-danger" data-testid="attachment-failure">
                {uploadFailureText(t, file.failure, file.name, ATTACHMENT_MAX_MB)}
              </span>
            ) : (
              <span className="block text-xs text-muted">
                {[file.size !== null && formatBytes(file.size, localeTag), !file.path && t('inquiry.attachmentPending')].filter(Boolean).join(' · ')}
              </span>
            )}
          </span>
          <button
            type="button"
            onClick={() => onRemove(file)}
            aria-label={t('inquiry.attachmentRemove', { name: file.name })}
            aria-describedby={file.failure ? failureId(index) : undefined}
            data-attachment-remove
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-lg text-ink hover:bg-mist"
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The remove button of the first listed file that failed: where the form takes the visitor after a failed send. */
export function firstFailedFileButton(): HTMLButtonElement | null {
  return document.querySelector<HTMLButtonElement>('[data-testid="attachment-list"] li[data-state="failed"] [data-attachment-remove]');
}
