import type { Translate } from '~/i18n/translate';
import ImageField from '../ImageField';

interface Props {
  value: string;
  onChange: (objectPath: string) => void;
  error?: string;
  t: Translate;
}

const TEXTS = {
  label: 'admin.brandForm.fields.thumbnail',
  upload: 'admin.thumbnail.upload',
  remove: 'admin.thumbnail.remove',
  previewAlt: 'admin.thumbnail.previewAlt',
  hint: 'admin.thumbnail.hint',
  uploaded: 'admin.thumbnail.uploaded',
  setPublicFailed: 'admin.thumbnail.setPublicFailed',
  setPublicFailedDescription: 'admin.thumbnail.setPublicFailedDescription',
};

/** A brand's thumbnail (required): one PNG/JPEG/WebP of at most 5 MB, cropped to a square in the preview. */
export default function ThumbnailField({ value, onChange, error, t }: Props) {
  return (
    <ImageField
      purpose="thumbnail"
      id="brand-thumbnail"
      required
      fit="cover"
      value={value}
      onChange={onChange}
      error={error}
      texts={TEXTS}
      t={t}
      testIds={{ preview: 'thumbnail-preview', error: 'error-thumbnail' }}
    />
  );
}
