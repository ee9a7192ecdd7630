import { useEffect, useState } from 'react';
import type { Unit } from '~/shared/units/unit';
import { inquirable, seoulToday } from '~/shared/units/facts';
import type { Translate } from '~/i18n/translate';
import { ApiError } from '~/client/api';
import { spaceName } from '~/shared/units/space-name';
import { unitParamOf } from '~/shared/share-paths';

interface Props {
  t: Translate;
  /** The unit the inquiry is about (null: a general inquiry). */
  onChange: (unit: Unit | null) => void;
}

type State = { kind: 'none' } | { kind: 'unit'; unit: Unit } | { kind: 'unavailable' };

/** Drops `?unit=` from the address, so a reload after removing the space does not bring it back. */
function forgetUnitParam(): void {
  const url = new URL(location.href);
  url.searchParams.delete('unit');
  history.replaceState(history.state, '', url);
}

/**
 * The space an inquiry is about, from `/contact?unit=8F-801` (the "inquire about this space" link of /floors
 * and the space's page; `?unit=<id>` of older links too): shown above the form with a button to remove it. A unit that is gone or leased is dropped
 * with a note, so the visitor can still send a general inquiry.
 */
export default function UnitChip({ t, onChange }: Props) {
  const [state, setState] = useState<State>({ kind: 'none' });
  useEffect(() => {
    const named = unitParamOf(new URLSearchParams(location.search).get('unit') ?? '');
    if (!named) return;
    const controller = new AbortController();
    const read = (url: string) => fetch(url, { headers: { Accept: 'application/json' }, signal: controller.signal }).then((response) => (response.ok ? response.json() : null));
    // By floor and number: the floor's public list (cached at the CDN) has it; an old link's id: the space itself.
    const found: Promise<Unit | null> = 'id' in named
      ? read(`/api/units/${encodeURIComponent(named.id)}`)
      : read(`/api/units?${new URLSearchParams({ floor: named.floor })}`).then((units: Unit[] | null) =>
          units?.find((unit) => unit.unitNumber.toLowerCase() === named.unitNumber.toLowerCase()) ?? null);
    found
      .then((unit) => {
        // A leased space can be asked about once its lease's end is known (it shows "available from").
        if (unit && inquirable(unit, seoulToday())) {
          setState({ kind: 'unit', unit });
          onChange(unit);
        } else {
          setState({ kind: 'unavailable' });
        }
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  if (state.kind === 'none') return null;
  if (state.kind === 'unavailable') return <p role="status" className="text-sm text-muted">{t('units.chip.unavailable')}</p>;
  const { unit } = state;
  function remove() {
    setState({ kind: 'none' });
    onChange(null);
    forgetUnitParam();
  }
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="unit-chip">
      <span className="text-sm font-semibold text-ink">{t('units.chip.label')}:</span>
      <span className="inline-flex items-center gap-1 rounded-full border border-brass-strong bg-brass-soft py-1 pl-3 pr-1 text-sm font-semibold text-ink">
        {unitLabel(unit, t)}
        <button type="button" onClick={remove} aria-label={t('units.chip.remove')} className="inline-flex size-11 items-center justify-center rounded-full text-lg leading-none hover:bg-paper">
          <span aria-hidden="true">×</span>
        </button>
      </span>
    </div>
  );
}

/** The space in words, as the chip and the sent summary show it: "7층 701호". */
export function unitLabel(unit: Unit, t: Translate): string {
  return spaceName(t, unit);
}

/** The message key of a refused unit (gone or leased since the page loaded), else null. */
export function unitErrorOf(error: unknown): string | null {
  return error instanceof ApiError ? (error.fields?.unitId ?? null) : null;
}
