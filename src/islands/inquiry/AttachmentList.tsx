import type { Translate } from '~/i18n/translate';
import { formatBytes } from '~/client/inbox/format';
import type { FormAttachment } from './use-attachments';

interface Props {
  attachments: FormAttachment[];
  onRemove: (file: FormAttachment) => void;
  /** BCP 47 tag for the sizes. */
  localeTag: string;
  t: Translate;
}

/**
 * Every file that goes with the inquiry, by the visitor's own file name and size, each with a button that
 * takes it off: uploaded ones, and picked ones that go up when the inquiry is sent (said so beside them).
 */
export default function AttachmentList({ attachments, onRemove, localeTag, t }: Props) {
  if (attachments.length === 0) return null;
  return (
    <ul className="mt-4 grid gap-2 text-sm text-ink-soft" aria-label={t('inquiry.attachments')} data-testid="attachment-list">
      {attachments.map((file) => (
        <li key={file.key} data-state={file.path ? 'uploaded' : 'pending'} className="flex items-center gap-2 rounded-md border border-line px-3 py-1">
          <span className="min-w-0 flex-1">
            <span className="break-all text-ink" data-testid="attachment-name">{file.name}</span>
            <span className="block text-xs text-muted">
              {[file.size !== null && formatBytes(file.size, localeTag), !file.path && t('inquiry.attachmentPending')].filter(Boolean).join(' · ')}
            </span>
          </span>
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
