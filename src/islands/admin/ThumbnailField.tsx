import { THUMBNAIL_EXTENSIONS, THUMBNAIL_MAX_BYTES, THUMBNAIL_TYPES } from '~/shared/uploads';
import { UPLOAD_ENDPOINTS } from '~/shared/upload-protocol';
import type { Translate } from '~/i18n/translate';
import { apiWrite } from '~/client/api';
import { $language, showToast } from '~/client/stores';
import { useUploadDialog } from '~/client/use-upload-dialog';
import { uppyLocale } from '~/client/upload/uppy-locale';

interface Props {
  value: string;
  onChange: (objectPath: string) => void;
  error?: string;
  t: Translate;
}

const ALLOWED = [...THUMBNAIL_EXTENSIONS, ...THUMBNAIL_TYPES];

/** Thumbnail: one PNG/JPEG/WebP of at most 5 MB, made public after upload, previewed, removable. */
export default function ThumbnailField({ value, onChange, error, t }: Props) {
  const dialog = useUploadDialog({
    purpose: 'thumbnail',
    maxFiles: 1,
    maxBytes: THUMBNAIL_MAX_BYTES,
    allowedTypes: ALLOWED,
    locale: uppyLocale(t, $language.get(), ALLOWED),
    note: t('admin.thumbnail.hint'),
    onUploaded: async ({ path: objectPath }) => {
      try {
        await apiWrite('POST', UPLOAD_ENDPOINTS.setPublic, { objectPath });
        showToast({ title: t('admin.thumbnail.uploaded') });
      } catch {
        showToast({ title: t('admin.thumbnail.setPublicFailed'), description: t('admin.thumbnail.setPublicFailedDescription'), variant: 'warning' });
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
      <p id="brand-thumbnail-label" className="text-sm font-semibold text-ink">{t('admin.brandForm.fields.thumbnail')} <span aria-hidden="true" className="text-danger">*</span></p>
      {value ? (
        <div className="relative mt-2 inline-block">
          <img src={value} alt={t('admin.thumbnail.previewAlt')} className="h-32 w-32 rounded-md border border-line object-cover" data-testid="thumbnail-preview" />
          <button type="button" onClick={remove} aria-label={t('admin.thumbnail.remove')} className="absolute -right-2 -top-2 flex h-7 w-7 items-center justify-center rounded-full bg-ink text-white">
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : (
        <button id="brand-thumbnail" type="button" onClick={dialog.open} aria-invalid={Boolean(error) || undefined} aria-describedby={error ? 'brand-thumbnail-hint brand-thumbnail-error' : 'brand-thumbnail-hint'} className="btn mt-2 border border-brass-strong text-brass-strong hover:bg-brass-soft">
          {t('admin.thumbnail.upload')}
        </button>
      )}
      <p id="brand-thumbnail-hint" className="mt-1 text-xs text-muted">{t('admin.thumbnail.hint')}</p>
      {error && <p id="brand-thumbnail-error" className="mt-1 text-sm text-danger" data-testid="error-thumbnail">{t(error)}</p>}
    </div>
  );
}
