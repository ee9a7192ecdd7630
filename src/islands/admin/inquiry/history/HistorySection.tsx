import type { InquirySectionProps } from '../section';
import HistoryEntry from './HistoryEntry';
import NoteForm from './NoteForm';

/** A note to add, and what happened to the inquiry, newest first. */
export default function HistorySection({ inquiry, writable, dateFormat, lang, change, t }: InquirySectionProps) {
  return (
    <>
      {writable && <NoteForm inquiryId={inquiry.id} onSubmit={(note) => change({ note })} t={t} />}
      <section aria-labelledby="inquiry-history-title">
        <h3 id="inquiry-history-title" className="text-sm font-semibold text-ink">{t('inbox.history')}</h3>
        <ol className="mt-2 grid gap-2 text-sm" data-testid="inquiry-history">
          {[...inquiry.history].reverse().map((entry, i) => (
            <HistoryEntry key={`${entry.at}-${i}`} entry={entry} dateFormat={dateFormat} lang={lang} t={t} />
          ))}
        </ol>
      </section>
    </>
  );
}
