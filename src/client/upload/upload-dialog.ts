import Uppy from '@uppy/core';
import Dashboard from '@uppy/dashboard';
import type { Body, Meta, UppyFile } from '@uppy/core/utils';
import type { UploadPurpose } from '../../shared/uploads.ts';
import { ContractUploader, type FailedUpload } from './contract-uploader.ts';
import { uploadFailureOf, type UploadFailure } from './upload-failure.ts';
import type { UppyLocale } from './uppy-locale.ts';

export interface UploadDialogOptions {
  purpose: UploadPurpose;
  maxFiles: number;
  maxBytes: number;
  allowedTypes?: string[];
  locale: UppyLocale;
  /** The limits in words, shown in the dialog. */
  note: string;
  /** Called once per uploaded file. */
  onUploaded: (file: UploadedFile) => void;
  /** Called with every picked file not uploaded yet, whenever that list changes (so a form can show them). */
  onPendingChange?: (pending: PickedFile[]) => void;
  /** Called when a file's upload failed, with why (so a form can say it at the file). */
  onFailed?: (file: PickedFile, failure: UploadFailure) => void;
  /** The failure said of the file in the page's language, shown in the dialog too. */
  describeFailure?: (name: string, failure: UploadFailure) => string;
}

/** A file picked in the dialog: the visitor's own file name (composed), its size in bytes and Uppy's id. */
export interface PickedFile {
  name: string;
  size: number | null;
  fileId: string;
}

/** A file stored by the upload contract: its object path, as well as what was picked. */
export interface UploadedFile extends PickedFile {
  path: string;
}

export interface UploadDialog {
  open: () => void;
  /** Forgets every file (e.g. the admin removed the thumbnail). */
  reset: () => void;
  /** Forgets one file, uploaded or not. */
  remove: (fileId: string) => void;
  /** The files picked but not uploaded yet. */
  pending: () => PickedFile[];
  /** Uploads every picked file not uploaded yet, reporting the percent done; rejects when any of them fails. */
  uploadPending: (onProgress?: (percent: number) => void) => Promise<UploadedFile[]>;
  /** Closes the dialog and frees Uppy (the form that owned it is gone). */
  destroy: () => void;
}

/** Longest a setTimeout can wait: restriction messages stay until the next action hides them. */
const UNTIL_NEXT_ACTION_MS = 2_147_483_647;

const pickedFile = (file: UppyFile<Meta, Body>): PickedFile => ({
  name: (file.name ?? '').normalize('NFC'),
  size: typeof file.size === 'number' ? file.size : null,
  fileId: file.id,
});
const uploadedFile = (file: UppyFile<Meta, Body>, path: string): UploadedFile => ({ ...pickedFile(file), path });

/**
 * The Uppy Dashboard as a modal: nothing starts until the visitor presses upload (or the form uploads
 * what was picked when it is sent); restriction errors come from Uppy in the page's language. This
 * module is only imported when a dialog first opens, so Uppy never weighs on the page before that.
 */
export function createUploadDialog(options: UploadDialogOptions): UploadDialog {
  let overLimit: string[] = [];
  const uppy: Uppy<Meta, Body> = new Uppy<Meta, Body>({
    autoProceed: false,
    locale: options.locale,
    infoTimeout: UNTIL_NEXT_ACTION_MS,
    restrictions: {
      maxNumberOfFiles: options.maxFiles,
      maxFileSize: options.maxBytes,
      allowedFileTypes: options.allowedTypes ?? null,
    },
    // Uppy refuses a whole batch that passes the file count; keep the first files that fit and name the rest.
    onBeforeFileAdded: (file, files) => {
      if (overLimit.length === 0) clearMessages();
      if (Object.keys(files).length < options.maxFiles) return true;
      if (overLimit.length === 0) queueMicrotask(reportOverLimit);
      overLimit.push(file.name ?? '');
      return false;
    },
  })
    .use(Dashboard, {
      inline: false,
      closeModalOnClickOutside: true,
      proudlyDisplayPoweredByUppy: false,
      note: options.note,
      doneButtonHandler: () => dashboard().closeModal(),
    })
    .use(ContractUploader, { purpose: options.purpose, describeFailure: options.describeFailure });
  const dashboard = () => uppy.getPlugin('Dashboard') as Dashboard<Meta, Body>;
  const clearMessages = () => {
    if (uppy.getState().info.length > 0) uppy.setState({ info: [] });
  };
  function reportOverLimit() {
    const message = uppy.i18n('youCanOnlyUploadX', { smart_count: options.maxFiles });
    uppy.info({ message: `${message}: ${overLimit.join(', ')}`, details: '' }, 'error', UNTIL_NEXT_ACTION_MS);
    overLimit = [];
  }
  uppy.on('file-removed', clearMessages);
  uppy.on('upload', clearMessages);
  uppy.on('dashboard:modal-closed', clearMessages);
  uppy.on('upload-error', (file, error) => {
    if (file) options.onFailed?.(pickedFile(file), (error as Partial<FailedUpload>).failure ?? uploadFailureOf(error));
  });
  uppy.on('upload-success', (file, response) => {
    if (file && response.uploadURL) options.onUploaded(uploadedFile(file, response.uploadURL));
  });
  const notUploaded = () => uppy.getFiles().filter((file) => !file.progress.uploadComplete);
  const reportPending = () => options.onPendingChange?.(notUploaded().map(pickedFile));
  for (const event of ['file-added', 'file-removed', 'upload-success', 'cancel-all'] as const) uppy.on(event, reportPending);

  return {
    open: () => void dashboard().openModal(),
    reset: () => uppy.cancelAll(),
    remove: (fileId) => {
      if (uppy.getFile(fileId)) uppy.removeFile(fileId);
    },
    pending: () => notUploaded().map(pickedFile),
    uploadPending: async (onProgress) => {
      if (notUploaded().length === 0) return [];
      const report = (percent: number) => onProgress?.(percent);
      uppy.on('progress', report);
      const result = await uppy.upload().finally(() => uppy.off('progress', report));
      if (!result || (result.failed?.length ?? 0) > 0) throw new Error('upload failed');
      return (result.successful ?? []).flatMap((file) => (file.uploadURL ? [uploadedFile(file, file.uploadURL)] : []));
    },
    destroy: () => uppy.destroy(),
  };
}
