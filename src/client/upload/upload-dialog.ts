import Uppy from '@uppy/core';
import Dashboard from '@uppy/dashboard';
import type { Body, Meta } from '@uppy/core/utils';
import type { UploadPurpose } from '../../shared/uploads.ts';
import { ContractUploader } from './contract-uploader.ts';
import type { UppyLocale } from './uppy-locale.ts';

export interface UploadDialogOptions {
  purpose: UploadPurpose;
  maxFiles: number;
  maxBytes: number;
  allowedTypes?: string[];
  locale: UppyLocale;
  /** The limits in words, shown in the dialog. */
  note: string;
  /** Called once per uploaded file with its object path. */
  onUploaded: (objectPath: string) => void;
}

export interface UploadDialog {
  open: () => void;
  /** Forgets every file (e.g. the admin removed the thumbnail). */
  reset: () => void;
}

/**
 * The Uppy Dashboard as a modal: nothing starts until the visitor presses upload; restriction
 * errors come from Uppy in the page's language. This module is only imported when a dialog first
 * opens, so Uppy never weighs on the page before that.
 */
export function createUploadDialog(options: UploadDialogOptions): UploadDialog {
  const uppy = new Uppy<Meta, Body>({
    autoProceed: false,
    locale: options.locale,
    restrictions: {
      maxNumberOfFiles: options.maxFiles,
      maxFileSize: options.maxBytes,
      allowedFileTypes: options.allowedTypes ?? null,
    },
  })
    .use(Dashboard, {
      inline: false,
      closeModalOnClickOutside: true,
      proudlyDisplayPoweredByUppy: false,
      note: options.note,
      doneButtonHandler: () => dashboard().closeModal(),
    })
    .use(ContractUploader, { purpose: options.purpose });
  const dashboard = () => uppy.getPlugin('Dashboard') as Dashboard<Meta, Body>;
  uppy.on('upload-success', (_file, response) => {
    if (response.uploadURL) options.onUploaded(response.uploadURL);
  });
  return {
    open: () => void dashboard().openModal(),
    reset: () => uppy.cancelAll(),
  };
}
