import { describe, expect, it } from 'vitest';
import { BRAND_CATEGORIES } from '../../src/shared/brand-basics.ts';
import type { Unit } from '../../src/shared/units/unit.ts';
import { EMPTY_SEARCH, isFiltering, matchesSearch, parseSearch, searchParams, sortUnits } from '../../src/shared/units/search.ts';
import { availabilityOf, hasPublicPrice, inquirable, seoulToday, similarUnits, statusText, unitFacts } from '../../src/shared/units/facts.ts';
import { messagesFor } from '../../src/content/dictionaries.ts';
import { UNIT_FLOORS } from '../../src/shared/units/basics.ts';
import { similarInquiryPath, similarPlanPath, spacePath, specSheetPath } from '../../src/shared/share-paths.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { shareWords } from '../../src/content/share-words.ts';

const TODAY = '2026-11-24';
let next = 0;
function unit(fields: Partial<Unit>): Unit {
  next++;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`, floor: '5F', unitNumber: String(500 + next), exclusiveAreaM2: 100, supplyAreaM2: 150,
    uses: ['Office'], status: 'available', availableFrom: null, monthlyRent: 3_000_000, deposit: 30_000_000, maintenanceFee: 500_000, pricePublic: true,
    plan: null, note: {}, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', version: 1, ...fields,
  };
}
const search = (query: string) => parseSearch(new URLSearchParams(query), BRAND_CATEGORIES);

describe('the stacking plan search', () => {
  it('answers "100–150 m² on 4–10F, available by March" from the address', () => {
    const wanted = search('minArea=100&maxArea=150&fromFloor=4F&toFloor=10F&availableBy=2027-03-31');
    const matches = (fields: Partial<Unit>) => matchesSearch(unit(fields), wanted, TODAY);
    expect(matches({ floor: '7F', exclusiveAreaM2: 120, availableFrom: '2027-03-01' })).toBe(true);
    expect(matches({ floor: '4F', exclusiveAreaM2: 100 })).toBe(true);
    expect(matches({ floor: '10F', exclusiveAreaM2: 150 })).toBe(true);
    expect(matches({ floor: '3F', exclusiveAreaM2: 120 })).toBe(false);
    expect(matches({ floor: '11F', exclusiveAreaM2: 120 })).toBe(false);
    expect(matches({ floor: '7F', exclusiveAreaM2: 99.9 })).toBe(false);
    expect(matches({ floor: '7F', exclusiveAreaM2: 150.1 })).toBe(false);
    expect(matches({ floor: '7F', exclusiveAreaM2: 120, availableFrom: '2027-04-01' })).toBe(false);
    expect(matches({ floor: '7F', exclusiveAreaM2: 120, status: 'leased' })).toBe(false);
  });

  it('reads an area in pyeong as the visitor reads it (30평 keeps a 99.17 m² space) and floors in either order', () => {
    expect(matchesSearch(unit({ exclusiveAreaM2: 99.17 }), search('minArea=30&maxArea=30&areaIn=py'), TODAY)).toBe(true);
    expect(matchesSearch(unit({ exclusiveAreaM2: 100 }), search('minArea=31&areaIn=py'), TODAY)).toBe(false);
    expect(matchesSearch(unit({ floor: 'B1' }), search('fromFloor=1F&toFloor=B2'), TODAY)).toBe(true);
  });

  it('filters by use and by published prices; a leased space never counts as priced', () => {
    expect(matchesSearch(unit({ uses: ['Medical', 'Office'] }), search('use=Medical'), TODAY)).toBe(true);
    expect(matchesSearch(unit({ uses: ['Office'] }), search('use=Medical'), TODAY)).toBe(false);
    expect(matchesSearch(unit({ monthlyRent: null, deposit: null }), search('price=public'), TODAY)).toBe(false);
    expect(matchesSearch(unit({ status: 'leased' }), search('price=public'), TODAY)).toBe(false);
  });

  it('drops what makes no sense in a shared link instead of failing, and writes back only what narrows', () => {
    const odd = search('use=Spaceport&minArea=-5&maxArea=abc&fromFloor=99F&availableBy=2026-13-45&view=grid&sort=price');
    expect(odd).toEqual(EMPTY_SEARCH);
    expect(isFiltering(odd)).toBe(false);
    const shared = search('use=Retail&minArea=30&areaIn=py&fromFloor=b1&view=list&sort=area&order=desc&unit=abc');
    expect(searchParams(shared)).toEqual([['use', 'Retail'], ['minArea', '30'], ['areaIn', 'py'], ['fromFloor', 'B1'], ['view', 'list'], ['sort', 'area'], ['order', 'desc']]);
    expect(searchParams(EMPTY_SEARCH)).toEqual([]);
  });

  it('sorts the list by area, rent or date, unknown values last either way', () => {
    const small = unit({ exclusiveAreaM2: 50, monthlyRent: null, availableFrom: '2027-01-01' });
    const large = unit({ exclusiveAreaM2: 200, monthlyRent: 9_000_000 });
    const leased = unit({ exclusiveAreaM2: 120, status: 'leased', monthlyRent: null });
    const all = [large, leased, small];
    expect(sortUnits(all, search('sort=area'), TODAY)).toEqual([small, leased, large]);
    expect(sortUnits(all, search('sort=area&order=desc'), TODAY)).toEqual([large, leased, small]);
    // Only the large space has a public rent; the other two follow by floor and number (the small one was made first).
    expect(sortUnits(all, search('sort=rent'), TODAY)).toEqual([large, small, leased]);
    expect(sortUnits(all, search('sort=rent&order=desc'), TODAY)).toEqual([large, small, leased]);
    expect(sortUnits(all, search('sort=date'), TODAY)).toEqual([large, small, leased]);
  });

  it('a reserved space is not available by any day, has no published price to find, and sorts with the taken ones', () => {
    // Reserved by an accepted proposal while it still carries the day it was offered from (issue 39).
    const reserved = unit({ status: 'reserved', availableFrom: '2026-12-01' });
    expect(matchesSearch(reserved, search('availableBy=2027-12-31'), TODAY)).toBe(false);
    expect(matchesSearch(reserved, search('price=public'), TODAY)).toBe(false);
    expect(matchesSearch(reserved, search('minArea=50'), TODAY)).toBe(true);
    const free = unit({ availableFrom: '2027-01-01' });
    expect(sortUnits([reserved, free], search('sort=date'), TODAY)).toEqual([free, reserved]);
  });
});

describe('a space\'s facts say one thing', () => {
  const t = createTranslator(shareWords('en', new URL('https://btower.example')).text);
  const words = { t, tag: 'en', useLabel: (use: string) => t(`brands.category.${use}`) };
  const keys = (fields: Partial<Unit>) => unitFacts(unit(fields), TODAY, words).map((fact) => `${fact.key}=${fact.value}`);

  it('a date already past reads "Immediately"; a later one is the date; Seoul decides what today is', () => {
    expect(keys({ availableFrom: '2020-03-01' })).toContain('availableFrom=Immediately');
    expect(keys({ availableFrom: TODAY })).toContain('availableFrom=Immediately');
    expect(keys({ availableFrom: '2027-03-01' })).toContain('availableFrom=March 1, 2027');
    // 23:30 UTC on the 24th is already the 25th in Seoul.
    expect(seoulToday(new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25');
    expect(availabilityOf({ status: 'available', availableFrom: '2026-11-25' }, seoulToday(new Date('2026-11-24T23:30:00Z')))).toEqual({ kind: 'now' });
    // The day changes at 15:00 UTC, and agrees with the time-zone database every hour of two years, around midnight too.
    expect(seoulToday(new Date('2026-12-31T14:59:59Z'))).toBe('2026-12-31');
    expect(seoulToday(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
    const zone = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (let at = Date.UTC(2026, 0, 1, 0, 30); at < Date.UTC(2028, 0, 1); at += 3_600_000) expect(seoulToday(new Date(at))).toBe(zone.format(at));
  });

  it('a leased space shows neither a date nor "price on request" nor prices', () => {
    const leased = keys({ status: 'leased', availableFrom: null, monthlyRent: null, deposit: null, maintenanceFee: null });
    expect(leased).toEqual(['status=Leased', 'exclusiveArea=100 m² (30.3 pyeong)', 'supplyArea=150 m² (45.4 pyeong)', 'uses=Office']);
    // A date already past is no known end either (the daily job frees the space the day after).
    expect(keys({ status: 'leased', availableFrom: '2026-01-01', monthlyRent: null, deposit: null, maintenanceFee: null })).toEqual(leased);
  });

  it('a leased space whose lease’s end is known shows the day it is free again (issue 40), and its price on request', () => {
    const ending = keys({ status: 'leased', availableFrom: '2027-03-01', monthlyRent: null, deposit: null, maintenanceFee: null });
    expect(ending).toEqual(['status=Available from March 1, 2027', 'exclusiveArea=100 m² (30.3 pyeong)', 'supplyArea=150 m² (45.4 pyeong)', 'uses=Office', 'availableFrom=March 1, 2027', 'monthlyRent=Price on request']);
  });

  it('a reserved space reads "Reserved": never "Immediately", a date, a price or "price on request", and is not asked about', () => {
    const reserved = { status: 'reserved' as const, availableFrom: null, monthlyRent: 3_000_000, deposit: 30_000_000, maintenanceFee: 500_000 };
    expect(keys(reserved)).toEqual(['status=Reserved', 'exclusiveArea=100 m² (30.3 pyeong)', 'supplyArea=150 m² (45.4 pyeong)', 'uses=Office']);
    // A day it carried from before the hold (an ending lease's) is not shown either: the space is held for its prospect.
    expect(keys({ ...reserved, availableFrom: '2027-03-01' })).toEqual(keys(reserved));
    expect(availabilityOf(reserved, TODAY)).toEqual({ kind: 'reserved' });
    expect(inquirable(reserved, TODAY)).toBe(false);
    expect(hasPublicPrice(reserved)).toBe(false);
    const said = (locale: 'ko' | 'en' | 'zh' | 'ja') => statusText({ status: 'reserved', availableFrom: '2027-03-01' }, TODAY, { t: createTranslator(messagesFor(locale)), tag: locale });
    expect([said('ko'), said('en'), said('zh'), said('ja')]).toEqual(['예약됨', 'Reserved', '已预留', '予約済み']);
  });

  it('hidden prices read "price on request", public ones are written out', () => {
    expect(keys({ monthlyRent: null, deposit: null, maintenanceFee: null })).toContain('monthlyRent=Price on request');
    expect(keys({})).toEqual(expect.arrayContaining(['monthlyRent=₩3,000,000', 'deposit=₩30,000,000', 'maintenanceFee=₩500,000']));
  });

  it('a leased space points to available spaces sharing its use, closest in area, then floor', () => {
    const target = unit({ floor: '6F', exclusiveAreaM2: 100, uses: ['Medical'], status: 'leased' });
    const near = unit({ floor: '7F', exclusiveAreaM2: 105, uses: ['Medical'] });
    const far = unit({ floor: '6F', exclusiveAreaM2: 300, uses: ['Medical'] });
    const otherUse = unit({ floor: '6F', exclusiveAreaM2: 100, uses: ['Retail'] });
    const negotiating = unit({ floor: '6F', exclusiveAreaM2: 100, uses: ['Medical'], status: 'negotiating' });
    expect(similarUnits(target, [target, otherUse, far, negotiating, near], UNIT_FLOORS)).toEqual([near, far, otherUse]);
    expect(similarUnits(target, [target, otherUse, far, near], UNIT_FLOORS, 1)).toEqual([near]);
  });
});

describe('share addresses', () => {
  it('are readable and lower-case, and a leased space leads to searches for similar ones', () => {
    const space = unit({ floor: 'B1', unitNumber: 'B101', exclusiveAreaM2: 100, uses: ['F&B'] });
    expect(spacePath(space)).toBe('/floors/b1/b101/');
    expect(specSheetPath(space)).toBe('/floors/b1/b101/spec-sheet.pdf');
    expect(spacePath({ floor: '8F', unitNumber: '가 1' })).toBe('/floors/8f/%EA%B0%80%201/');
    expect(similarPlanPath(space)).toBe('/floors?use=F%26B&minArea=80&maxArea=125&view=list#stacking-plan');
    expect(similarInquiryPath(space)).toBe('/contact?floor=B1&areaMin=80&areaMax=125&use=F%26B#inquiry-form');
  });
});
