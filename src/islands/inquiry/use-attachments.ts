import { useState } from 'react';
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from '~/shared/uploads';
import type { Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/translate';
import { showToast } from '~/client/stores';
import type { DraftAttachment } from '~/client/inquiry-draft';
import { useUploadDialog, type PickedFile, type UploadFailure } from '~/client/hooks/use-upload-dialog';
import { uppyLocale } from '~/client/upload/uppy-locale';
import { uploadWords } from '~/client/upload/upload-words';
import { uploadFailureText } from '~/client/upload/upload-failure';

export const ATTACHMENT_MAX_MB = Math.round(ATTACHMENT_MAX_BYTES / 1_048_576);

/** A file on the form: uploaded (it has its object path) or picked and uploaded when the inquiry is sent. */
export interface FormAttachment {
  key: string;
  name: string;
  size: number | null;
  /** The object path once uploaded. */
  path?: string;
  /** Uppy's id while the dialog knows the file (not for one kept from an earlier page). */
  fileId?: string;
  /** Why its last upload failed, said at the file (`upload.failure.*`). */
  failure?: UploadFailure;
}

/** A failure sending again cannot mend: the file itself must change (a transient one may go up next time). */
export const needsAnotherFile = (failure: UploadFailure | undefined) => failure !== undefined && failure !== 'failed';

type Uploaded = DraftAttachment & { fileId?: string };

/** The list with `added` appended, each object path once (an upload is reported by its event and by its result). */
const addUploaded = (list: Uploaded[], added: Uploaded[]) => [...list, ...added.filter((file) => !list.some((old) => old.path === file.path))];

/**
 * The inquiry's attachments, exactly as the form lists them: the uploaded ones, then those picked in the
 * dialog and not uploaded yet (closing the dialog does not drop them, and they go up when the inquiry is
 * sent). Whatever is listed is sent; whatever is removed from the list is not (issue 16).
 */
export function useAttachments(locale: Locale, t: Translate) {
  const [uploaded, setUploaded] = useState<Uploaded[]>([]);
  const [pending, setPending] = useState<PickedFile[]>([]);
  // Why a picked file's upload failed, by Uppy's id: shown beside it until it goes up or is taken off (issue 38).
  const [failures, setFailures] = useState<Record<string, UploadFailure>>({});
  const forgetFailure = (fileId: string | undefined) =>
    fileId && setFailures(({ [fileId]: _gone, ...rest }) => rest);
  const dialog = useUploadDialog({
    purpose: 'attachment',
    maxFiles: ATTACHMENT_MAX_FILES,
    maxBytes: ATTACHMENT_MAX_BYTES,
    allowedTypes: [...ATTACHMENT_EXTENSIONS],
    // The dialog's words come with Uppy on first open, not in the contact page's HTML (issue 30).
    locale: async () => uppyLocale(await uploadWords(locale), locale, ATTACHMENT_EXTENSIONS),
    note: t('inquiry.attachHint', { count: ATTACHMENT_MAX_FILES, size: ATTACHMENT_MAX_MB }),
    onUploaded: (file) => {
      forgetFailure(file.fileId);
      setUploaded((list) => addUploaded(list, [file]));
      showToast({ title: t('upload.toast.complete') });
    },
    onPendingChange: (picked) => {
      setPending(picked);
      // A file taken off in the dialog takes its failure with it (added again, it is a new attempt).
      setFailures((old) => Object.fromEntries(Object.entries(old).filter(([fileId]) => picked.some((file) => file.fileId === fileId))));
    },
    onFailed: (file, failure) => setFailures((old) => ({ ...old, [file.fileId]: failure })),
    describeFailure: (name, failure) => uploadFailureText(t, failure, name, ATTACHMENT_MAX_MB),
  });

  const listed: FormAttachment[] = [
    ...uploaded.map((file) => ({ ...file, key: file.path })),
    ...pending
      .filter((file) => !uploaded.some((done) => done.fileId === file.fileId))
      .map((file) => ({ ...file, key: file.fileId, ...(failures[file.fileId] ? { failure: failures[file.fileId] } : {}) })),
  ];

  return {
    listed,
    /** The uploaded ones, as a draft keeps them. */
    uploaded: uploaded.map(({ path, name, size }) => ({ path, name, size })),
    pendingNames: pending.map((file) => file.name),
    open: dialog.open,
    hasPending: () => dialog.pending().length > 0,
    /** Files kept from an earlier page of this visit. */
    restore: (files: DraftAttachment[]) => setUploaded((list) => addUploaded(list, files)),
    remove(file: FormAttachment) {
      if (file.path) setUploaded((list) => list.filter((other) => other.path !== file.path));
      if (file.fileId) dialog.remove(file.fileId);
      forgetFailure(file.fileId);
    },
    /** Uploads what is still pending and gives the object paths of every listed file; rejects if an upload fails. */
    async paths(onProgress: (percent: number) => void): Promise<string[]> {
      const added = dialog.pending().length > 0 ? await dialog.uploadPending(onProgress) : [];
      return addUploaded(uploaded, added).map((file) => file.path);
    },
    reset() {
      setUploaded([]);
      setFailures({});
      dialog.reset();
    },
  };
}

export type Attachments = ReturnType<typeof useAttachments>;
