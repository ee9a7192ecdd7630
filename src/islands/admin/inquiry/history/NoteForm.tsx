import { useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { useKeptDraft } from '~/client/kept-drafts';

/** The note being typed is kept in the tab until saved: a session that ends meanwhile does not lose it. */
export default function NoteForm({ inquiryId, onSubmit, t }: { inquiryId: string; onSubmit: (note: string) => Promise<boolean>; t: Translate }) {
  const [note, setNote, clearNote] = useKeptDraft(`note:${inquiryId}`);
  const [busy, setBusy] = useState(false);
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!note.trim()) return;
    setBusy(true);
    if (await onSubmit(note.trim())) clearNote();
    setBusy(false);
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-2">
      <label htmlFor="inquiry-note" className="text-sm font-semibold text-ink">{t('inbox.addNote')}</label>
      <textarea id="inquiry-note" value={note} onChange={(e) => setNote(e.target.value)} rows={3} className="rounded-lg border border-line p-3" />
      <button type="submit" disabled={busy || !note.trim()} className="btn min-h-11 justify-self-start bg-ink text-white disabled:opacity-60">{t('inbox.saveNote')}</button>
    </form>
  );
}
