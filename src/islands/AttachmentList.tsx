import { lastPathSegment } from '~/shared/uploads';
import type { Translate } from '~/i18n/translate';

/** Uploaded attachments as the spec shows them: a file prefix, the index and the URL's last segment. */
export default function AttachmentList({ attachments, t }: { attachments: string[]; t: Translate }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="mt-4 grid gap-1 text-sm text-ink-soft" aria-label={t('inquiry.attachments')} data-testid="attachment-list">
      {attachments.map((url, index) => (
        <li key={url} className="break-all">
          {t('inquiry.attachmentItem', { index: index + 1, name: lastPathSegment(url) })}
        </li>
      ))}
    </ul>
  );
}
