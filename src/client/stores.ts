import { atom } from 'nanostores';
import { ADMIN_TOKEN_STORAGE_KEY } from '../shared/api.ts';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.ts';

/**
 * State shared by every island on a page, at module level: each island's bundle imports this one
 * module, so they all see the same stores.
 */

/** The page's language; the page tells each island (it is fixed by the URL). */
export const $language = atom<Locale>(DEFAULT_LOCALE);

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // private mode or blocked storage: the session then lasts the page only
  }
}

/** The admin session token, kept under `admin-token` and restored on load (spec §4). */
export const $adminToken = atom<string | null>(storage()?.getItem(ADMIN_TOKEN_STORAGE_KEY) ?? null);

$adminToken.listen((token) => {
  const store = storage();
  if (!store) return;
  if (token) store.setItem(ADMIN_TOKEN_STORAGE_KEY, token);
  else store.removeItem(ADMIN_TOKEN_STORAGE_KEY);
});

export type ToastVariant = 'default' | 'destructive' | 'warning';

/** A button in the toast, e.g. undo; pressing it runs `run` and closes the toast. */
export interface ToastAction {
  label: string;
  run: () => void;
  /** Move focus to the button when shown: for when the control that led here goes away (a deleted row). */
  takeFocus?: boolean;
}

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  action?: ToastAction;
}

/** The spec's toast queue limit: one toast visible at a time, the newest wins. */
export const TOAST_LIMIT = 1;
export const $toasts = atom<Toast[]>([]);
let nextToastId = 1;

export function showToast(toast: Omit<Toast, 'id' | 'variant'> & { variant?: ToastVariant }): void {
  const entry: Toast = { variant: 'default', ...toast, id: nextToastId++ };
  $toasts.set([entry, ...$toasts.get()].slice(0, TOAST_LIMIT));
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}
