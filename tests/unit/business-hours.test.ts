import { describe, expect, it } from 'vitest';
import { addBusinessHours, isOfficeDay, koreanDay } from '~/shared/business-hours';

/** A Korean wall-clock time as an instant (Seoul is UTC+9 all year). */
const seoul = (text: string) => new Date(`${text}+09:00`);
const none = new Set<string>();

describe('business hours (Mon–Fri 09–18 KST, holidays off)', () => {
  it('counts 4 hours inside one working day', () => {
    expect(addBusinessHours(seoul('2026-11-24T10:00:00'), 4, none)).toEqual(seoul('2026-11-24T14:00:00'));
  });

  it('may end exactly at closing time', () => {
    expect(addBusinessHours(seoul('2026-11-24T14:00:00'), 4, none)).toEqual(seoul('2026-11-24T18:00:00'));
  });

  it('carries 17:30 + 4 h over to 12:30 the next working day', () => {
    expect(addBusinessHours(seoul('2026-11-24T17:30:00'), 4, none)).toEqual(seoul('2026-11-25T12:30:00'));
  });

  it('carries a Friday 17:30 inquiry over the weekend to Monday 12:30', () => {
    expect(addBusinessHours(seoul('2026-11-27T17:30:00'), 4, none)).toEqual(seoul('2026-11-30T12:30:00'));
  });

  it('skips a Monday holiday too: Tuesday 12:30', () => {
    expect(addBusinessHours(seoul('2026-11-27T17:30:00'), 4, new Set(['2026-11-30']))).toEqual(seoul('2026-12-01T12:30:00'));
  });

  it('starts the clock at 09:00 for an inquiry sent at night or on a weekend', () => {
    expect(addBusinessHours(seoul('2026-11-25T06:10:00'), 4, none)).toEqual(seoul('2026-11-25T13:00:00'));
    expect(addBusinessHours(seoul('2026-11-24T22:00:00'), 4, none)).toEqual(seoul('2026-11-25T13:00:00'));
    expect(addBusinessHours(seoul('2026-11-28T11:00:00'), 4, none)).toEqual(seoul('2026-11-30T13:00:00'));
  });

  it('spans several days and a holiday week (Chuseok 2026, Thursday to Saturday)', () => {
    const chuseok = new Set(['2026-09-24', '2026-09-25', '2026-09-26']);
    // Wednesday 16:00: 2 hours that day, then Monday 09:00 + 7 h.
    expect(addBusinessHours(seoul('2026-09-23T16:00:00'), 9, chuseok)).toEqual(seoul('2026-09-28T16:00:00'));
  });

  it('reads the Korean calendar day, not the UTC one', () => {
    expect(koreanDay(new Date('2026-03-01T15:30:00Z'))).toBe('2026-03-02');
    expect(isOfficeDay('2026-11-28', none)).toBe(false);
    expect(isOfficeDay('2026-11-30', none)).toBe(true);
    expect(isOfficeDay('2026-11-30', new Set(['2026-11-30']))).toBe(false);
  });
});
