import { THUMBNAIL_EXTENSIONS, THUMBNAIL_MAX_BYTES, THUMBNAIL_TYPES, type UploadPurpose } from '~/shared/uploads';
import { UPLOAD_ENDPOINTS } from '~/shared/upload-protocol';
import type { Translate } from '~/i18n/translate';
import { apiWrite } from '~/client/api';
import { $language, showToast } from '~/client/stores';
import { useUploadDialog } from '~/client/hooks/use-upload-dialog';
import { uppyLocale } from '~/client/upload/uppy-locale';
import { imageUrl, isTransformable } from '~/shared/image-url';

/** Dictionary keys of the field's texts, so each use speaks from its own namespace. */
export interface ImageFieldTexts {
  label: string;
  upload: string;
  remove: string;
  previewAlt: string;
  hint: string;
  uploaded: string;
  setPublicFailed: string;
  setPublicFailedDescription: string;
}

interface Props {
  /** The upload purpose: one of the public image purposes (PNG/JPEG/WebP ≤ 5 MB). */
  purpose: UploadPurpose;
  /** Prefix of the element ids. */
  id: string;
  value: string;
  onChange: (objectPath: string) => void;
  error?: string;
  required?: boolean;
  texts: ImageFieldTexts;
  t: Translate;
  /** How the preview fills its square: a photo is cropped (cover), a plan is shown whole (contain). */
  fit?: 'cover' | 'contain';
  /** Test ids of the preview and of the error message. */
  testIds?: { preview: string; error: string };
}

const ALLOWED = [...THUMBNAIL_EXTENSIONS, ...THUMBNAIL_TYPES];

/**
 * One public image (PNG/JPEG/WebP of at most 5 MB): uploaded, made public, previewed, removable: a brand's
 * thumbnail (ThumbnailField), a unit's plan, and any later image.
 */
export default function ImageField({ purpose, id, value, onChange, error, required = false, texts, t, fit = 'contain', testIds = { preview: `${id}-preview`, error: `${id}-error` } }: Props) {
  const dialog = useUploadDialog({
    purpose,
    maxFiles: 1,
    maxBytes: THUMBNAIL_MAX_BYTES,
    allowedTypes: ALLOWED,
    locale: uppyLocale(t, $language.get(), ALLOWED),
    note: t(texts.hint),
    onUploaded: async ({ path: objectPath }) => {
      try {
        await apiWrite('POST', UPLOAD_ENDPOINTS.setPublic, { objectPath });
        showToast({ title: t(texts.uploaded) });
      } catch {
        showToast({ title: t(texts.setPublicFailed), description: t(texts.setPublicFailedDescription), variant: 'warning' });
      }
      onChange(objectPath);
    },
  });

  function remove() {
    onChange('');
    dialog.reset();
  }

  return (
    <div>
      <p id={`${id}-label`} className="text-sm font-semibold text-ink">
        {t(texts.label)} {required && <span aria-hidden="true" className="text-danger">*</span>}
      </p>
      {value ? (
        <div className="relative mt-2 inline-block">
          <img src={isTransformable(value) ? imageUrl(value, { w: 256, h: 256, fit }) : value} width={128} height={128} alt={t(texts.previewAlt)} className={`h-32 w-32 rounded-md border border-line ${fit === 'cover' ? 'object-cover' : 'object-contain'}`} data-testid={testIds.preview} />
          <button type="button" onClick={remove} aria-label={t(texts.remove)} className="absolute -right-2 -top-2 flex h-7 w-7 items-center justify-center rounded-full bg-ink text-white">
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : (
        <button id={id} type="button" onClick={dialog.open} aria-invalid={Boolean(error) || undefined} aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`} className="btn mt-2 border border-brass-strong text-brass-strong hover:bg-brass-soft">
          {t(texts.upload)}
        </button>
      )}
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">{t(texts.hint)}</p>
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-testid={testIds.error}>{t(error)}</p>}
    </div>
  );
}
