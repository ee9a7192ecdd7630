import { useState, type KeyboardEvent } from 'react';
import { BRAND_LIMITS } from '~/shared/brand';
import type { Translate } from '~/i18n/translate';

interface Props {
  /** The control's id: `brand-tags` for the Korean tags, `brand-tags-en` and so on for the other languages. */
  id?: string;
  /** The label, when not the Korean tags' own; `lang` marks what is typed in another language. */
  label?: string;
  lang?: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  error?: string;
  t: Translate;
}

/** Tags as chips: Enter or a comma adds the typed tag, each chip has its own remove button (limits in BRAND_LIMITS). */
export default function TagsInput({ id = 'brand-tags', label, lang, tags, onChange, error, t }: Props) {
  const [draft, setDraft] = useState('');
  const full = tags.length >= BRAND_LIMITS.tags;

  function add(text: string) {
    const tag = text.trim();
    if (tag && !tags.includes(tag) && !full) onChange([...tags, tag]);
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  }

  const describedBy = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="md:col-span-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink">{label ?? t('admin.brandForm.fields.tags')}</label>
      <div className="mt-1 flex flex-wrap items-center gap-2 rounded-md border border-muted bg-paper px-2 py-2">
        {tags.map((tag) => (
          <span key={tag} className="inline-flex items-center gap-1 rounded-full bg-brass-soft py-1 pl-3 pr-1 text-sm text-ink">
            <span data-testid="tag-chip" lang={lang}>{tag}</span>
            <button
              type="button"
              onClick={() => onChange(tags.filter((other) => other !== tag))}
              aria-label={t('admin.brandForm.tags.remove', { tag })}
              className="flex h-7 w-7 items-center justify-center rounded-full hover:bg-paper"
            >
              <span aria-hidden="true">×</span>
            </button>
          </span>
        ))}
        <input
          id={id}
          name={id.replace(/^brand-/, '')}
          lang={lang}
          value={draft}
          maxLength={BRAND_LIMITS.tag}
          disabled={full}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          onChange={(e) => (e.target.value.includes(',') ? add(e.target.value.replace(/,/g, '')) : setDraft(e.target.value))}
          onKeyDown={onKeyDown}
          onBlur={() => draft.trim() && add(draft)}
          className="min-w-[8rem] flex-1 bg-transparent px-1 py-1 text-base outline-offset-2"
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {full ? t('admin.brandForm.tags.full', { count: BRAND_LIMITS.tags }) : t('admin.brandForm.tags.hint', { count: BRAND_LIMITS.tags, length: BRAND_LIMITS.tag })}{' '}
        <span data-testid="tag-count">{t('admin.brandForm.tags.count', { count: tags.length, max: BRAND_LIMITS.tags })}</span>
      </p>
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-testid={`error-${id.replace(/^brand-/, '')}`}>{t(error, { length: BRAND_LIMITS.tag, count: BRAND_LIMITS.tags })}</p>}
    </div>
  );
}
