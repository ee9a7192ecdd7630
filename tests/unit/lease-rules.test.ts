import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { businessNumberDigits, checkDigit, formatBusinessNumber, isBusinessNumber } from '~/shared/leases/business-number';
import { endIsKnown, expiringFrom, leaseStatusOn, renewalFacts, type LeaseDateFacts } from '~/shared/leases/dates';
import { directoryStateOn } from '~/shared/leases/directory';
import { LeasePatchSchema } from '~/shared/leases/lease';
import { possessionOverlaps, spaceStateOn } from '~/shared/leases/spaces';
import { availabilityOf, inquirable, pricesHidden, statusText, visitorsStatus } from '~/shared/units/facts';
import { brandStatus } from '~/shared/brand-basics';
import { createTranslator } from '~/i18n/translate';
import { messagesFor } from '~/content/dictionaries';

describe('사업자등록번호', () => {
  it('accepts real numbers, with or without hyphens', () => {
    // Registered companies' numbers, as printed on their invoices.
    for (const number of ['220-81-62517', '124-81-00998', '120-81-47521', '104-81-53114', '2208162517', ' 124 81 00998 ']) {
      expect(isBusinessNumber(number), number).toBe(true);
    }
  });

  it('refuses a mistyped digit, a swapped pair, the wrong length and the zero codes', () => {
    expect(isBusinessNumber('220-81-62518')).toBe(false); // last digit off by one
    expect(isBusinessNumber('220-18-62517')).toBe(false); // two digits swapped
    expect(isBusinessNumber('123-45-67890')).toBe(false);
    expect(isBusinessNumber('220-81-6251')).toBe(false);
    expect(isBusinessNumber('220-81-625170')).toBe(false);
    expect(isBusinessNumber('22O-81-62517')).toBe(false); // a letter O
    // The checksum alone would pass these; no tax office is 000 and no business type 00.
    expect(checkDigit('000000000')).toBe(0);
    expect(isBusinessNumber('000-00-00000')).toBe(false);
    expect(isBusinessNumber('220-00-0000' + checkDigit('220000000'))).toBe(false);
  });

  it('computes the check digit by the 1-3-7 weights and the ninth digit’s half', () => {
    // 2·1 + 2·3 + 0·7 + 8·1 + 1·3 + 6·7 + 2·1 + 5·3 + 1·5 = 83, + ⌊1·5 / 10⌋ = 83 → 10 − 3 = 7.
    expect(checkDigit('220816251')).toBe(7);
    // 1·1 + 2·3 + 4·7 + 8·1 + 1·3 + 0·7 + 0·1 + 9·3 + 9·5 = 118, + ⌊9·5 / 10⌋ = 122 → 10 − 2 = 8.
    expect(checkDigit('124810099')).toBe(8);
    expect(businessNumberDigits('220-81-62517')).toBe('2208162517');
    expect(formatBusinessNumber('2208162517')).toBe('220-81-62517');
  });

  it('a lease form names the field of a wrong number', () => {
    const result = v.safeParse(LeasePatchSchema, { tenant: { businessNumber: '220-81-62518' } });
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([['tenant.businessNumber', 'leases.errors.businessNumberInvalid']]);
    expect(v.parse(LeasePatchSchema, { tenant: { businessNumber: '2208162517' } }).tenant?.businessNumber).toBe('220-81-62517');
    expect(v.parse(LeasePatchSchema, { tenant: { businessNumber: '' } }).tenant?.businessNumber).toBe('');
  });
});

/** The research's lease: signed in January, handed over 2027-01-01 for two fit-out months, 60 months from 2027-03-01. */
const lease: LeaseDateFacts = { signedOn: '2026-12-10', handoverOn: '2027-01-01', commencementOn: '2027-03-01', expiresOn: '2032-02-29', terminatesOn: null };

describe('lease status by date', () => {
  it('moves signed → fitout → active → expiring → ended on each date, never before', () => {
    const days: [string, string][] = [
      ['2026-12-10', 'signed'], ['2026-12-31', 'signed'],
      ['2027-01-01', 'fitout'], ['2027-02-28', 'fitout'],
      ['2027-03-01', 'active'], ['2031-08-28', 'active'],
      ['2031-08-29', 'expiring'], ['2032-02-29', 'expiring'],
      ['2032-03-01', 'ended'], ['2040-01-01', 'ended'],
    ];
    expect(days.map(([day]) => [day, leaseStatusOn(lease, day)])).toEqual(days);
    expect(expiringFrom(lease)).toBe('2031-08-29');
  });

  it('an unsigned lease is a draft whatever the day', () => {
    expect(leaseStatusOn({ ...lease, signedOn: null }, '2031-09-01')).toBe('draft');
  });

  it('an early termination ends it after its day, and expiring starts 6 months before that day', () => {
    const terminated = { ...lease, terminatesOn: '2029-06-30' };
    expect(leaseStatusOn(terminated, '2028-12-29')).toBe('active');
    expect(leaseStatusOn(terminated, '2028-12-30')).toBe('expiring');
    expect(leaseStatusOn(terminated, '2029-06-30')).toBe('expiring');
    expect(leaseStatusOn(terminated, '2029-07-01')).toBe('ended');
    expect(endIsKnown(terminated, '2027-05-01')).toBe(true);
    expect(endIsKnown(lease, '2031-08-28')).toBe(false);
    expect(endIsKnown(lease, '2031-08-29')).toBe(true);
  });

  it('shows the Act’s renewal window and the day ten years are reached from the first commencement', () => {
    expect(renewalFacts(lease.expiresOn, lease.commencementOn)).toEqual({ windowOpensOn: '2031-08-29', windowClosesOn: '2032-01-29', tenYearsOn: '2037-02-28' });
    // A renewal counts from the first lease's commencement, not its own.
    expect(renewalFacts('2037-02-28', '2027-03-01').tenYearsOn).toBe('2037-02-28');
  });
});

describe('spaces follow their leases', () => {
  const signed = { id: 'a', contractOn: '2026-12-10', expiresOn: '2032-02-29', terminatesOn: null };

  it('no lease: nobody governs the space', () => {
    expect(spaceStateOn([], '2027-01-01')).toBeNull();
  });

  it('leased from the contract date; before it the status stays as it was (reserved)', () => {
    expect(spaceStateOn([{ ...signed, contractOn: '2027-01-05' }], '2027-01-04')).toEqual({ leaseId: 'a', status: null, availableFrom: null });
    expect(spaceStateOn([{ ...signed, contractOn: '2027-01-05' }], '2027-01-05')).toEqual({ leaseId: 'a', status: 'leased', availableFrom: null });
  });

  it('available from the day after expiry once the end is known; free of the lease after it', () => {
    expect(spaceStateOn([signed], '2031-08-28')).toEqual({ leaseId: 'a', status: 'leased', availableFrom: null });
    expect(spaceStateOn([signed], '2031-08-29')).toEqual({ leaseId: 'a', status: 'leased', availableFrom: '2032-03-01' });
    expect(spaceStateOn([signed], '2032-02-29')?.availableFrom).toBe('2032-03-01');
    expect(spaceStateOn([signed], '2032-03-01')).toBeNull();
    expect(spaceStateOn([{ ...signed, terminatesOn: '2029-06-30' }], '2027-05-01')?.availableFrom).toBe('2029-07-01');
  });

  it('a following lease already signed: no "available from"', () => {
    const next = { id: 'b', contractOn: '2031-10-01', expiresOn: '2037-02-28', terminatesOn: null };
    expect(spaceStateOn([signed, next], '2031-10-01')).toEqual({ leaseId: 'b', status: 'leased', availableFrom: null });
    expect(spaceStateOn([signed, next], '2032-03-01')).toEqual({ leaseId: 'b', status: 'leased', availableFrom: null });
  });

  it('visitors read a space an accepted proposal holds for after its known end as reserved: no day, no price, not asked about', () => {
    const dated = { status: 'leased' as const, availableFrom: '2032-03-01' };
    expect(visitorsStatus(dated, false)).toEqual(dated);
    expect(visitorsStatus(dated, true)).toEqual({ status: 'reserved', availableFrom: null });
    expect(inquirable(visitorsStatus(dated, false), '2031-09-01')).toBe(true);
    expect(inquirable(visitorsStatus(dated, true), '2031-09-01')).toBe(false);
    expect(pricesHidden(visitorsStatus(dated, true).status)).toBe(true);
    // Occupied with no known end: it reads as leased, held or not; a space not leased is the hold's own business.
    expect(visitorsStatus({ status: 'leased', availableFrom: null }, true)).toEqual({ status: 'leased', availableFrom: null });
    expect(visitorsStatus({ status: 'reserved', availableFrom: null }, true)).toEqual({ status: 'reserved', availableFrom: null });
  });

  it('two leases of one space overlap when their possession does', () => {
    const a = { handoverOn: '2027-01-01', expiresOn: '2032-02-29', terminatesOn: null };
    expect(possessionOverlaps(a, { handoverOn: '2032-03-01', expiresOn: '2037-02-28', terminatesOn: null })).toBe(false);
    expect(possessionOverlaps(a, { handoverOn: '2032-02-29', expiresOn: '2037-02-28', terminatesOn: null })).toBe(true);
    expect(possessionOverlaps(a, { handoverOn: '2026-06-01', expiresOn: '2026-12-31', terminatesOn: null })).toBe(false);
    expect(possessionOverlaps({ ...a, terminatesOn: '2029-06-30' }, { handoverOn: '2029-07-01', expiresOn: '2034-06-30', terminatesOn: null })).toBe(false);
  });
});

describe('the brand directory follows the lease', () => {
  const leases = [{ expiresOn: '2032-02-29', terminatesOn: null }];

  it('coming soon opens on its opening date, not before', () => {
    expect(directoryStateOn({ state: 'coming_soon', openingOn: '2027-03-15', leases }, '2027-03-14')).toBe('coming_soon');
    expect(directoryStateOn({ state: 'coming_soon', openingOn: '2027-03-15', leases }, '2027-03-15')).toBe('open');
  });

  it('hidden stays hidden on the opening date: announcing is the tenant’s choice', () => {
    expect(directoryStateOn({ state: 'hidden', openingOn: '2027-03-15', leases }, '2027-06-01')).toBe('hidden');
  });

  it('closes when its last lease has ended', () => {
    expect(directoryStateOn({ state: 'open', openingOn: '2027-03-15', leases }, '2032-02-29')).toBe('open');
    expect(directoryStateOn({ state: 'open', openingOn: '2027-03-15', leases }, '2032-03-01')).toBe('closed');
    expect(directoryStateOn({ state: 'open', openingOn: null, leases: [...leases, { expiresOn: '2035-01-31', terminatesOn: null }] }, '2032-03-01')).toBe('open');
  });

  it('a brand no lease governs keeps what people set', () => {
    expect(directoryStateOn({ state: 'open', openingOn: null, leases: [] }, '2040-01-01')).toBe('open');
  });
});

describe('the public site reads a space whose lease’s end is known', () => {
  const words = (locale: 'ko' | 'en' | 'zh' | 'ja', tag: string) => ({ t: createTranslator(messagesFor(locale)), tag });
  const ending = { status: 'leased' as const, availableFrom: '2027-07-01' };

  it('as available from the day after the end, in four languages, and open to inquiries', () => {
    expect(availabilityOf(ending, '2027-01-10')).toEqual({ kind: 'from', date: '2027-07-01' });
    expect(statusText(ending, '2027-01-10', words('ko', 'ko-KR'))).toBe('입주 가능 2027년 7월 1일');
    expect(statusText(ending, '2027-01-10', words('en', 'en-GB'))).toBe('Available from 1 July 2027');
    expect(statusText(ending, '2027-01-10', words('zh', 'zh-CN'))).toBe('2027年7月1日 起可入驻');
    expect(statusText(ending, '2027-01-10', words('ja', 'ja-JP'))).toBe('2027年7月1日 から入居可');
    expect(inquirable(ending, '2027-01-10')).toBe(true);
  });

  it('a leased space with no known end (or a day already past) is leased, not asked about', () => {
    expect(availabilityOf({ status: 'leased', availableFrom: null }, '2027-01-10')).toEqual({ kind: 'leased' });
    expect(availabilityOf(ending, '2027-07-01')).toEqual({ kind: 'leased' });
    expect(statusText({ status: 'leased', availableFrom: null }, '2027-01-10', words('ko', 'ko-KR'))).toBe('임대 완료');
    expect(inquirable({ status: 'leased', availableFrom: null }, '2027-01-10')).toBe(false);
  });

  it('a coming-soon brand says its month: "2027년 3월 오픈 예정"', () => {
    const soon = { isAvailable: true, directoryState: 'coming_soon' as const, openingOn: '2027-03-15' };
    const t = (locale: 'ko' | 'en' | 'zh' | 'ja', tag: string) => { const status = brandStatus(soon, tag); return createTranslator(messagesFor(locale))(status.key, status.params); };
    expect(t('ko', 'ko-KR')).toBe('2027년 3월 오픈 예정');
    expect(t('en', 'en-GB')).toBe('Opening March 2027');
    expect(t('zh', 'zh-CN')).toBe('2027年3月开业');
    expect(t('ja', 'ja-JP')).toBe('2027年3月オープン予定');
    expect(brandStatus({ isAvailable: true, directoryState: 'open', openingOn: '2027-03-15' }, 'ko-KR')).toMatchObject({ key: 'status.open', open: true });
  });
});
