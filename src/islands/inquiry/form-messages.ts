/**
 * The dictionary keys the inquiry form reads, by namespace: its island's props carry these and no more
 * (they are part of the contact page's HTML, issue 30). Uppy's dialog words (`upload.uppy.*`) are not here:
 * they come with Uppy when the dialog first opens (src/client/upload/upload-words.ts).
 */
export const INQUIRY_FORM_MESSAGES = [
  'inquiry',
  'inquiryExtra',
  'brands.category',
  'upload.toast',
  'upload.failure',
  'toast.close',
  'abuse.inquiry',
  'abuse.botTrap',
  'units.chip',
  'units.floor',
  'units.space',
  'units.errors.unitLeased',
  'units.errors.unitReserved',
  'units.errors.unitNotFound',
  'privacy.notice',
  'privacy.errors',
] as const;
