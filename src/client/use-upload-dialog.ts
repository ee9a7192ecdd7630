import { useEffect, useRef } from 'react';
import type { UploadDialog, UploadDialogOptions } from './upload/upload-dialog.ts';
import { loadUploadStyles } from './upload/upload-styles.ts';

/**
 * An Uppy upload dialog made on first open, outside render, and kept for the island's life.
 * Uppy and its styles are fetched only then, so they cost the page nothing before.
 */
export function useUploadDialog(options: UploadDialogOptions) {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const dialog = useRef<Promise<UploadDialog> | null>(null);

  function get(): Promise<UploadDialog> {
    dialog.current ??= Promise.all([import('./upload/upload-dialog.ts'), loadUploadStyles()]).then(([{ createUploadDialog }]) =>
      createUploadDialog({ ...latest.current, onUploaded: (path) => latest.current.onUploaded(path) }),
    );
    return dialog.current;
  }

  return {
    open: () => void get().then((d) => d.open()),
    reset: () => void dialog.current?.then((d) => d.reset()),
  };
}
