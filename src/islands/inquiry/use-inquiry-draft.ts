import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { clearDraft, readDraft, writeDraft, type InquiryDraft } from '~/client/inquiry-draft';

/**
 * Keeps the contact form's draft for this tab (src/client/inquiry-draft.ts): `restore` is called once after
 * hydration with what an earlier page of the visit kept (restored after, not during, hydration, so the inputs
 * show it), then every change of `draft` is kept. Returns the names of files that could not be kept, and
 * `clear` for a sent inquiry.
 */
export function useInquiryDraft(draft: InquiryDraft, restore: (kept: InquiryDraft) => void) {
  const restored = useRef(false);
  const [notKept, setNotKept] = useState<string[]>([]);
  const serialized = JSON.stringify({ ...draft, notKept: [...draft.notKept, ...notKept] });
  // Kept as soon as the form changes (a layout effect, not one after paint): a reload or a language switch
  // straight after typing must find the last keystroke. On the first render it skips, before the restoring
  // effect, so the empty form never overwrites the draft.
  useLayoutEffect(() => {
    if (restored.current) writeDraft(JSON.parse(serialized) as InquiryDraft);
  }, [serialized]);
  useEffect(() => {
    const kept = readDraft();
    if (kept) {
      restore(kept);
      setNotKept(kept.notKept);
    }
    restored.current = true;
  }, []);

  return {
    notKept,
    /** The visitor has seen the note (or attached files again): stop naming them. */
    dismissNotKept: () => setNotKept([]),
    clear() {
      setNotKept([]);
      clearDraft();
    },
  };
}
