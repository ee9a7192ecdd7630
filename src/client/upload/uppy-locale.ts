import type { Translate } from '../../i18n/translate.ts';
import type { Locale } from '../../i18n/locales.ts';

/** Uppy strings we translate (dictionary `upload.uppy.*`); the rest are never shown by our dialogs. */
const SINGLE = [
  'closeModal', 'addMoreFiles', 'addingMoreFiles', 'dashboardWindowTitle', 'dashboardTitle', 'back', 'removeFile',
  'myDevice', 'dropHint', 'uploadComplete', 'retryUpload', 'cancelUpload', 'addMore', 'cancel', 'dropPasteFiles',
  'browseFiles', 'uploading', 'complete', 'uploadFailed', 'retry', 'done', 'dataUploadedOfTotal', 'xTimeLeft',
  'upload', 'showErrorDetails', 'error', 'exceedsSize', 'aggregateExceedsSize', 'missingRequiredMetaField',
  'missingRequiredMetaFieldOnFile', 'youCanOnlyUploadFileTypes', 'noMoreFilesAllowed', 'noDuplicates',
  'failedToUpload', 'noInternetConnection', 'connectedToInternet', 'additionalRestrictionsFailed', 'unnamed',
  'pleaseWait', 'editFile', 'editing', 'save', 'saveChanges', 'finishEditingFile', 'editFileWithFilename',
] as const;
const PLURAL = [
  'xFilesSelected', 'uploadingXFiles', 'processingXFiles', 'filesUploadedOfTotal', 'uploadXFiles',
  'uploadXNewFiles', 'xMoreFilesAdded', 'youCanOnlyUploadX', 'youHaveToAtLeastSelectX',
] as const;

export interface UppyLocale {
  strings: Record<string, string | Record<number, string>>;
  pluralize: (n: number) => 0 | 1;
}

/**
 * The allowed types as people name them: extensions, not MIME types.
 * @example fileTypeNames(['.png', '.jpg', 'image/png']) // 'PNG, JPG'
 */
export function fileTypeNames(allowed: readonly string[]): string {
  return allowed.filter((type) => type.startsWith('.')).map((ext) => ext.slice(1).toUpperCase()).join(', ');
}

/**
 * Uppy's locale from our dictionary; Korean, Chinese and Japanese have no plural forms. With `allowed`,
 * the wrong-type message names the file types in words ("PNG, JPG") instead of Uppy's MIME list.
 */
export function uppyLocale(t: Translate, locale: Locale, allowed?: readonly string[]): UppyLocale {
  const strings: UppyLocale['strings'] = {};
  for (const key of SINGLE) strings[key] = t(`upload.uppy.${key}`);
  if (allowed) strings.youCanOnlyUploadFileTypes = t('upload.uppy.youCanOnlyUploadFileTypes').replace('%{types}', fileTypeNames(allowed));
  for (const key of PLURAL) strings[key] = { 0: t(`upload.uppy.${key}.one`), 1: t(`upload.uppy.${key}.other`) };
  return { strings, pluralize: (n) => (locale === 'en' && n === 1 ? 0 : 1) };
}
