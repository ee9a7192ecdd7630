import { useEffect, useRef } from 'react';
import type { PickedFile, UploadDialog, UploadDialogOptions, UploadedFile } from '../upload/upload-dialog.ts';
import { loadUploadStyles } from '../upload/upload-styles.ts';

export type { PickedFile, UploadedFile };
export type { UploadFailure } from '../upload/upload-failure.ts';

/** The dialog's options; its words may also be fetched on first open (a page that should not carry them). */
export type UseUploadDialogOptions = Omit<UploadDialogOptions, 'locale'> & {
  locale: UploadDialogOptions['locale'] | (() => Promise<UploadDialogOptions['locale']>);
};

/**
 * An Uppy upload dialog made on first open, outside render, and destroyed with the component that owns
 * it: a new form (after a save, a cancel or another edit) gets a fresh dialog, never the last one's
 * "upload complete". Uppy and its styles are fetched only on first open, so they cost the page nothing before.
 */
export function useUploadDialog(options: UseUploadDialogOptions) {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const dialog = useRef<Promise<UploadDialog> | null>(null);
  const ready = useRef<UploadDialog | null>(null);
  useEffect(
    () => () => {
      void dialog.current?.then((d) => d.destroy());
      dialog.current = null;
      ready.current = null;
    },
    [],
  );

  function get(): Promise<UploadDialog> {
    const loadWords = () => {
      const { locale } = latest.current;
      return typeof locale === 'function' ? locale() : locale;
    };
    dialog.current ??= Promise.all([import('../upload/upload-dialog.ts'), loadUploadStyles(), loadWords()]).then(([{ createUploadDialog }, , words]) => {
      const made = createUploadDialog({
        ...latest.current,
        locale: words,
        onUploaded: (file) => latest.current.onUploaded(file),
        onPendingChange: (pending) => latest.current.onPendingChange?.(pending),
        onFailed: (file, failure) => latest.current.onFailed?.(file, failure),
        describeFailure: latest.current.describeFailure && ((name, failure) => latest.current.describeFailure!(name, failure)),
      });
      ready.current = made;
      return made;
    });
    return dialog.current;
  }

  return {
    open: () => void get().then((d) => d.open()),
    reset: () => ready.current?.reset(),
    remove: (fileId: string) => ready.current?.remove(fileId),
    /** Picked files not uploaded yet (none before the dialog was first opened). */
    pending: (): PickedFile[] => ready.current?.pending() ?? [],
    uploadPending: (onProgress?: (percent: number) => void): Promise<UploadedFile[]> =>
      ready.current?.uploadPending(onProgress) ?? Promise.resolve([]),
  };
}
