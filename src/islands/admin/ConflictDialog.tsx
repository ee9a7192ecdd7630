import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Translate } from '~/i18n/translate';
import type { AskConflict, Resolution } from '~/client/conflict';
import { defaultSide, type FieldConflict, type Side } from '~/shared/versions';

import { fieldName, type ConflictRecord } from './field-names';

export type { ConflictRecord };

/** How a form shows one field's value in the dialog; anything it does not name is shown by its type. */
export type FormatValue = (field: string, value: unknown) => string | null;

interface Pending {
  conflicts: FieldConflict[];
  resolve: (resolution: Resolution) => void;
}

/**
 * The one conflict dialog of the panel (issue 28): the hook gives the `ask` that saveVersioned calls on a
 * 409 and the dialog to render. Every form (space, brand, inquiry, team member, settings) uses it.
 */
export function useConflictDialog(t: Translate, record: ConflictRecord, format?: FormatValue): { ask: AskConflict; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = useCallback<AskConflict>(
    (conflicts) => new Promise((resolve) => setPending({ conflicts, resolve: resolve as Pending['resolve'] })),
    [],
  );
  const dialog = pending ? (
    <ConflictDialog
      conflicts={pending.conflicts}
      record={record}
      format={format}
      t={t}
      onDone={(resolution) => {
        setPending(null);
        pending.resolve(resolution);
      }}
    />
  ) : null;
  return { ask, dialog };
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value as object).every(isEmpty);
  return false;
}

/** A value as a person reads it: numbers in the panel's language, yes/no, lists and per-language texts. */
function shown(value: unknown, t: Translate, lang: string): string {
  if (isEmpty(value)) return t('conflict.empty');
  if (typeof value === 'boolean') return t(value ? 'conflict.yes' : 'conflict.no');
  if (typeof value === 'number') return new Intl.NumberFormat(lang).format(value);
  if (Array.isArray(value)) return value.map((item) => shown(item, t, lang)).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => !isEmpty(inner))
      .map(([key, inner]) => `${key}: ${shown(inner, t, lang)}`)
      .join(' · ');
  }
  return String(value);
}

function ConflictDialog({ conflicts, record, format, t, onDone }: { conflicts: FieldConflict[]; record: ConflictRecord; format?: FormatValue; t: Translate; onDone: (resolution: Resolution) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [choices, setChoices] = useState<Record<string, Side>>(() => Object.fromEntries(conflicts.map((conflict) => [conflict.field, defaultSide(conflict)])));
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const lang = typeof document === 'undefined' ? 'ko' : document.documentElement.lang || 'ko';
  const valueOf = (field: string, value: unknown) => (isEmpty(value) ? t('conflict.empty') : format?.(field, value) ?? shown(value, t, lang));
  const all = (side: Side) => Object.fromEntries(conflicts.map((conflict) => [conflict.field, side]));

  return (
    <dialog
      ref={ref}
      aria-labelledby="conflict-title"
      aria-describedby="conflict-intro"
      data-testid="conflict-dialog"
      className="m-auto w-[min(40rem,calc(100vw-2rem))] max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-xl border border-line bg-white p-5 text-ink shadow-xl backdrop:bg-ink/40"
      // Escape is "go on editing": handled here so it does not also close what the dialog sits in (the inquiry detail).
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onDone({ kind: 'cancel' });
        }
      }}
      onCancel={(event) => {
        event.preventDefault();
        onDone({ kind: 'cancel' });
      }}
    >
      <h2 id="conflict-title" className="text-lg font-bold">{t('conflict.title')}</h2>
      <p id="conflict-intro" className="mt-2 text-sm">{t('conflict.intro', { record: t(`conflict.records.${record}`) })}</p>
      <div className="mt-4 grid gap-3">
        {conflicts.map((conflict) => (
          <fieldset key={conflict.field} className="rounded-lg border border-line p-3" data-field={conflict.field}>
            <legend className="px-1 text-sm font-semibold">
              {fieldName(record, conflict.field, t)}
              <span className="ml-2 font-normal text-muted">({t(`conflict.changedBy.${conflict.changedBy}`)})</span>
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(['mine', 'theirs'] as const).map((side) => (
                <label key={side} className="flex min-h-11 items-start gap-2 rounded-md p-2 text-sm has-[:checked]:bg-mist">
                  <input
                    type="radio"
                    name={`conflict-${conflict.field}`}
                    value={side}
                    checked={choices[conflict.field] === side}
                    onChange={() => setChoices((old) => ({ ...old, [conflict.field]: side }))}
                    className="mt-1 h-4 w-4"
                  />
                  <span className="min-w-0">
                    <span className="block text-xs font-semibold text-muted">{t(side === 'mine' ? 'conflict.mine' : 'conflict.theirs')}</span>
                    <span className="block break-words" data-side={side}>{valueOf(conflict.field, conflict[side])}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <div className="mt-5 flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={() => onDone({ kind: 'merge', choices })}>{t('conflict.merge')}</button>
        <button type="button" className="btn min-h-11 border border-line text-ink hover:bg-mist" onClick={() => onDone({ kind: 'merge', choices: all('mine') })}>{t('conflict.keepMine')}</button>
        <button type="button" className="btn min-h-11 border border-line text-ink hover:bg-mist" onClick={() => onDone({ kind: 'take' })}>{t('conflict.takeTheirs')}</button>
        <button type="button" className="btn min-h-11 text-ink underline hover:bg-mist" onClick={() => onDone({ kind: 'cancel' })}>{t('conflict.cancel')}</button>
      </div>
    </dialog>
  );
}
