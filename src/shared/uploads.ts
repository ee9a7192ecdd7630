/** Inquiry attachments: at most 5 files of at most 10 MB each (spec §5, §9). */
export const ATTACHMENT_MAX_FILES = 5;
export const ATTACHMENT_MAX_BYTES = 10_485_760;

/**
 * What a tenant sends with an inquiry: documents and images, told apart by their bytes on the server
 * (magic-bytes.ts), by name in the upload dialog. Nothing that runs (an .exe, a script, HTML).
 */
export const ATTACHMENT_TYPES = [
  'application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/heic',
  'application/x-hwp', 'application/hwp+zip',
  'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
/** The same documents by file name, as the upload dialog checks them (and names them to the visitor). */
export const ATTACHMENT_EXTENSIONS = [
  '.pdf', '.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif', '.hwp', '.hwpx', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx',
] as const;

/**
 * The attachments a browser shows by itself, opened in a tab (sandboxed, no script); every other type
 * is downloaded. HEIC is left out: most browsers cannot show it.
 */
export const INLINE_ATTACHMENT_TYPES: readonly string[] = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];
export function opensInline(contentType: string | null | undefined): boolean {
  return INLINE_ATTACHMENT_TYPES.includes(contentType ?? '');
}

/** Brand thumbnail: one PNG, JPEG or WebP image of at most 5 MB (spec §5). */
export const THUMBNAIL_MAX_BYTES = 5_242_880;
export const THUMBNAIL_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const THUMBNAIL_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp'] as const;

/**
 * No single request body may exceed 4 MiB: Netlify caps a function request at 6 MB with binary
 * bodies base64-encoded. Files above SINGLE_PUT_MAX_BYTES are sent in parts of PART_BYTES.
 */
export const REQUEST_BODY_MAX_BYTES = 4 * 1024 * 1024;
export const SINGLE_PUT_MAX_BYTES = REQUEST_BODY_MAX_BYTES;
export const PART_BYTES = 3 * 1024 * 1024;

/** A signed lease (issue 40): one PDF of at most 20 MB (scanned contracts run long), private like an attachment. */
export const LEASE_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const LEASE_DOCUMENT_TYPES = ['application/pdf'] as const;
export const LEASE_DOCUMENT_EXTENSIONS = ['.pdf'] as const;

export const UPLOAD_PURPOSES = ['attachment', 'thumbnail', 'plan', 'lease'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/** Purposes uploaded as public images (a brand thumbnail, a unit plan): same types and limit, may be made public. */
export const IMAGE_PURPOSES: readonly UploadPurpose[] = ['thumbnail', 'plan'];
export function isUploadPurpose(value: unknown): value is UploadPurpose {
  return (UPLOAD_PURPOSES as readonly unknown[]).includes(value);
}

/**
 * Who may start an upload: a visitor only an inquiry attachment; every other purpose (thumbnails and any
 * admin image added later) needs the admin's bearer token (issue 10).
 */
export function purposeNeedsAdmin(purpose: UploadPurpose): boolean {
  return purpose !== 'attachment';
}

/** Where an uploaded object is read: /objects/uploads/{uuid}. Stored as the brand thumbnail and inquiry attachments. */
export const OBJECT_PATH_PATTERN = /^\/objects\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The object path of an uploaded URL: its origin, query and anything before /objects/uploads/ dropped.
 * @example toObjectPath('http://127.0.0.1:8888/objects/uploads/0b6c…?sig=x') // '/objects/uploads/0b6c…'
 */
export function toObjectPath(url: string): string | null {
  const match = url.match(/\/objects\/uploads\/([0-9a-f-]{36})(?:[?#].*)?$/);
  const path = match ? `/objects/uploads/${match[1]}` : null;
  return path && OBJECT_PATH_PATTERN.test(path) ? path : null;
}

/** The last path segment of a URL, shown in the attachment list (spec §2 Contact). */
export function lastPathSegment(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  return path.split('/').filter(Boolean).pop() ?? '';
}
