import type { Locale } from '../../src/i18n/locales.ts';
import { SHEET_FONTS } from '../../src/server/spec-sheets/fonts.ts';

/** The faces of NotoSansCJK-Regular.ttc the sheets use (index 1 = KR, 2 = SC, 0 = JP) and the languages each serves. */
export const SHEET_FACES = [
  { file: SHEET_FONTS.ko, fontNumber: 1, locales: ['ko', 'en'] as Locale[], hangul: true },
  { file: SHEET_FONTS.zh, fontNumber: 2, locales: ['zh'] as Locale[], hangul: false },
  { file: SHEET_FONTS.ja, fontNumber: 0, locales: ['ja'] as Locale[], hangul: false },
] as const;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');

/**
 * What every face keeps whatever the content says: Latin (unit numbers, e-mail, URLs), Latin-1 (m², ·),
 * punctuation and the symbols of prices and dates as Intl writes them (₩, ￦, 년월일, 年月日), the CJK and
 * fullwidth punctuation, and all kana.
 */
const ALWAYS = [
  range(0x20, 0x7e),
  range(0xa0, 0xff),
  range(0x2010, 0x2027),
  '₩￦년월일年月日평坪·—–…',
  range(0x3000, 0x303f),
  range(0xff01, 0xff5e),
  range(0x3040, 0x30ff),
].join('');

/** The 2,350 Hangul syllables of KS X 1001 (EUC-KR rows 0xB0–0xC8): every syllable in common use. */
function commonHangul(): string {
  const bytes: number[] = [];
  for (let lead = 0xb0; lead <= 0xc8; lead++) for (let trail = 0xa1; trail <= 0xfe; trail++) bytes.push(lead, trail);
  return new TextDecoder('euc-kr').decode(new Uint8Array(bytes));
}

/** The characters a face keeps: ALWAYS, those of its languages' text, and for Korean the common syllables. */
export function sheetCharacters(face: (typeof SHEET_FACES)[number], languageText: string): string {
  const wanted = new Set([...ALWAYS, ...languageText, ...(face.hangul ? commonHangul() : '')]);
  return [...wanted].filter((ch) => ch >= ' ' && ch !== '\u007f').sort().join('');
}
