import { BasePlugin, type Uppy } from '@uppy/core';
import type { Body, Meta, UppyFile } from '@uppy/core/utils';
import type { UploadPurpose } from '../../shared/uploads.ts';
import { sendObject } from './send-object.ts';
import { uploadFailureOf, type UploadFailure } from './upload-failure.ts';

/** Longest a setTimeout can wait: the message stays until the next action clears it (as upload-dialog.ts does). */
const UNTIL_NEXT_ACTION_MS = 2_147_483_647;

export interface ContractUploaderOptions {
  purpose: UploadPurpose;
  /** The failure said of the file, in the page's language; without it a refused type names the accepted ones. */
  describeFailure?: (name: string, failure: UploadFailure) => string;
}

/** An upload's error as Uppy carries it, with why it failed (upload-failure.ts). */
export type FailedUpload = Error & { failure: UploadFailure };

/**
 * Uppy uploader speaking our upload contract. @uppy/aws-s3 6 talks the S3 wire protocol (XML
 * answers, SigV4 or Companion), not our JSON endpoints, so this small plugin takes its place.
 * The upload's `uploadURL` is the stored object path.
 */
export class ContractUploader extends BasePlugin<ContractUploaderOptions & { id?: string }, Meta, Body> {
  #controllers = new Map<string, AbortController>();

  constructor(uppy: Uppy<Meta, Body>, opts: ContractUploaderOptions) {
    super(uppy, opts);
    this.id = 'ContractUploader';
    this.type = 'uploader';
  }

  install(): void {
    this.uppy.addUploader(this.#upload);
    this.uppy.on('file-removed', this.#abortFile);
    this.uppy.on('cancel-all', this.#abortAll);
  }

  uninstall(): void {
    this.uppy.removeUploader(this.#upload);
    this.uppy.off('file-removed', this.#abortFile);
    this.uppy.off('cancel-all', this.#abortAll);
  }

  /** The dialog's own wrong-type message, naming the accepted types in the visitor's language (uppy-locale.ts). */
  #acceptedTypes(): string {
    return this.uppy.i18n('youCanOnlyUploadFileTypes', { types: '' });
  }

  #abortFile = (file: UppyFile<Meta, Body>) => this.#controllers.get(file.id)?.abort();
  #abortAll = () => this.#controllers.forEach((controller) => controller.abort());

  #upload = async (fileIDs: string[]): Promise<void> => {
    const files = this.uppy.getFilesByIds(fileIDs);
    this.uppy.emit('upload-start', files);
    // One file at a time: parts already keep the connection busy, and the order stays the visitor's.
    for (const file of files) await this.#uploadFile(file);
  };

  async #uploadFile(file: UppyFile<Meta, Body>): Promise<void> {
    const data = file.data as Blob;
    const controller = new AbortController();
    this.#controllers.set(file.id, controller);
    const uploadStarted = Date.now();
    const request = { purpose: this.opts.purpose, filename: file.name, size: data.size, type: data.type };
    try {
      const objectPath = await sendObject(
        data,
        request,
        (bytesUploaded) => {
          this.uppy.emit('upload-progress', this.uppy.getFile(file.id), { uploadStarted, bytesUploaded, bytesTotal: data.size });
        },
        controller.signal,
      );
      this.uppy.emit('upload-success', this.uppy.getFile(file.id), { status: 200, body: { objectPath }, uploadURL: objectPath });
    } catch (error) {
      if (controller.signal.aborted) return;
      const failure = uploadFailureOf(error);
      const name = (file.name ?? '').normalize('NFC');
      const said = this.opts.describeFailure?.(name, failure) ?? (failure === 'notRealType' ? `${name}: ${this.#acceptedTypes()}` : null);
      this.uppy.emit('upload-error', this.uppy.getFile(file.id), Object.assign(new Error(said ?? (error as Error).message), { failure }) as FailedUpload);
      // Said where it is read, not behind the error's "?" (Uppy only shows "upload failed" there).
      if (said) this.uppy.info({ message: said, details: '' }, 'error', UNTIL_NEXT_ACTION_MS);
    } finally {
      this.#controllers.delete(file.id);
    }
  }
}
