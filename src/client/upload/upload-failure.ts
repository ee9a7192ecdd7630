import type { Translate } from '../../i18n/translate.ts';

/**
 * Why a file could not be uploaded, as the visitor can act on it: its bytes are not the type its name says
 * (the server reads the bytes: a renamed .exe called fake.pdf), it is empty, it is too large, or it did not
 * get through (the connection, an expired link, the server) and may be sent again.
 */
export type UploadFailure = 'notRealType' | 'empty' | 'tooLarge' | 'failed';

/** The status and error code of a refused upload: the API client's and the PUT's `"<status>: <body>"`. */
function answerOf(error: unknown): { status: number; code: string | undefined } {
  const message = error instanceof Error ? error.message : '';
  const match = /^(\d{3}): ([\s\S]*)$/.exec(message);
  if (!match) return { status: 0, code: undefined };
  let code: string | undefined;
  try {
    code = (JSON.parse(match[2]!) as { error?: { code?: string } }).error?.code;
  } catch {
    code = undefined;
  }
  return { status: Number(match[1]), code };
}

/**
 * @example uploadFailureOf(new Error('415: {"error":{"code":"unsupported_attachment_type"}}')) // 'notRealType'
 */
export function uploadFailureOf(error: unknown): UploadFailure {
  const { status, code } = answerOf(error);
  if (status === 415) return 'notRealType';
  if (status === 413) return 'tooLarge';
  if (status === 400 && code === 'empty_file') return 'empty';
  return 'failed';
}

/**
 * The type a file's name claims, as people name it: its extension in capitals ("PDF", "HWP").
 * @example claimedType('fake.pdf') // 'PDF'
 */
export function claimedType(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toUpperCase() : '';
}

/**
 * The failure said of the file itself, in the reader's language (`upload.failure.*`): "fake.pdf is not a real
 * PDF file". A file whose name claims no type is "not a document or image we accept".
 */
export function uploadFailureText(t: Translate, failure: UploadFailure, name: string, maxMb: number): string {
  const type = claimedType(name);
  if (failure === 'notRealType') return type ? t('upload.failure.notRealType', { name, type }) : t('upload.failure.notAccepted', { name });
  if (failure === 'tooLarge') return t('upload.failure.tooLarge', { name, size: maxMb });
  return t(`upload.failure.${failure}`, { name });
}
