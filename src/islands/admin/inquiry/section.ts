import type { Translate } from '~/i18n/translate';
import type { InquiryPatch } from '~/shared/inquiry';
import type { Role } from '~/shared/roles';
import type { InquiryDetailWithFiles } from '~/client/inbox/api';

/**
 * What every section of an inquiry's detail is given (sections.ts lists them). A section reads the inquiry as
 * shown, and writes either through `change` (the inquiry's own fields, on the version shown, with the conflict
 * dialog) or through its own API and then `refresh` (a tour or a proposal may move the inquiry's status).
 */
export interface InquirySectionProps {
  inquiry: InquiryDetailWithFiles;
  role: Role | null;
  /** The person's role writes inquiries and this one is neither destroyed nor suspended (only anonymous facts remain, or it is stopped at the visitor's request). */
  writable: boolean;
  lang: string;
  dateFormat: Intl.DateTimeFormat;
  t: Translate;
  /** Saves a change of the inquiry's own fields (status, assignment, next step, a note); true when saved. */
  change: (patch: InquiryPatch) => Promise<boolean>;
  /** Reads the inquiry again after a write elsewhere changed it, and tells the list; rejects when it cannot be read. */
  refresh: () => Promise<void>;
}
