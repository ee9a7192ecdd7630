import { useEffect, useMemo } from 'react';
import { createTranslator, type Messages } from '../../i18n/translate.ts';
import type { Locale } from '../../i18n/locales.ts';
import { $language } from '../stores.ts';

/** `t()` over an island's messages; also tells the shared language store which language the page is in. */
export function useTranslator(locale: Locale, messages: Messages) {
  useEffect(() => $language.set(locale), [locale]);
  return useMemo(() => createTranslator(messages), [messages]);
}
