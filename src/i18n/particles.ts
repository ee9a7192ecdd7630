import type { Translate } from './translate.ts';

/**
 * Korean particles after a word filled in at run time. A dictionary writes "{name}을(를)" where it cannot know the
 * word; once it is known, the particle its last sound takes is chosen ("이 문의를", "8층 공간을", "김민준은"), as a
 * person would write it. A word whose sound the last letter does not tell (a Latin name) keeps both forms.
 */
const PAIRS: Record<string, { after: string; afterVowel: string }> = {
  '을(를)': { after: '을', afterVowel: '를' },
  '은(는)': { after: '은', afterVowel: '는' },
  '이(가)': { after: '이', afterVowel: '가' },
  '과(와)': { after: '과', afterVowel: '와' },
  '(으)로': { after: '으로', afterVowel: '로' },
};
const AFTER_PLACEHOLDER = /\{(\w+)\}(을\(를\)|은\(는\)|이\(가\)|과\(와\)|\(으\)로)/g;
/** How each digit is read in Korean ends: 영 일 이 삼 사 오 육 칠 팔 구 — its final consonant, or none. */
const DIGIT_FINALS = ['ㅇ', 'ㄹ', '', 'ㅁ', '', '', 'ㄱ', 'ㄹ', 'ㄹ', ''];
const RIEUL = 8;

/** The final consonant of the word's last sound: '' for a vowel, 'ㄹ' for rieul, null when the letter does not say. */
function finalOf(word: string): string | null {
  const last = word.trimEnd().at(-1);
  if (!last) return null;
  const code = last.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) {
    const final = (code - 0xac00) % 28;
    return final === 0 ? '' : final === RIEUL ? 'ㄹ' : 'other';
  }
  if (last >= '0' && last <= '9') return DIGIT_FINALS[Number(last)]!;
  return null;
}

/** The particle `pair` ("을(를)") takes after `word`, or the pair itself when the word's sound is not known. */
export function particleAfter(word: string, pair: string): string {
  const forms = PAIRS[pair];
  const final = finalOf(word);
  if (!forms || final === null) return pair;
  if (pair === '(으)로') return final === '' || final === 'ㄹ' ? forms.afterVowel : forms.after;
  return final === '' ? forms.afterVowel : forms.after;
}

/** `t` whose texts choose the particle after each word filled in (a text without such a place is left to `t`). */
export function withKoreanParticles(t: Translate): Translate {
  return (key, params) => {
    const text = t(key, params);
    if (!params) return text;
    const template = t(key);
    if (!template.includes('(')) return text;
    const chosen = template.replace(AFTER_PLACEHOLDER, (whole, name: string, pair: string) => (name in params ? `{${name}}${particleAfter(String(params[name]), pair)}` : whole));
    return chosen === template ? text : chosen.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
  };
}
