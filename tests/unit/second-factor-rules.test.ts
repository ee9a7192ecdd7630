import { describe, expect, it } from 'vitest';
import { idleState } from '../../src/client/idle-watch.ts';
import { IDLE_WARNING_MS, isTotpCode, normalizeRecoveryCode } from '../../src/shared/second-factor.ts';

describe('the idle clock of the admin panel', () => {
  const lastUse = Date.UTC(2026, 10, 27, 1, 0, 0);
  const minutes = 30;
  const end = lastUse + minutes * 60_000;

  it('is active until a minute before the idle end, then warns with the seconds left, then ends', () => {
    expect(idleState(end - IDLE_WARNING_MS - 1, lastUse, minutes, null)).toEqual({ kind: 'active' });
    expect(idleState(end - IDLE_WARNING_MS, lastUse, minutes, null)).toEqual({ kind: 'warning', secondsLeft: IDLE_WARNING_MS / 1000 });
    expect(idleState(end - 1_500, lastUse, minutes, null)).toEqual({ kind: 'warning', secondsLeft: 2 });
    expect(idleState(end, lastUse, minutes, null)).toEqual({ kind: 'idle' });
  });

  it('ends at the session’s own end whatever the use', () => {
    expect(idleState(lastUse + 1_000, lastUse, minutes, lastUse + 1_000)).toEqual({ kind: 'expired' });
  });
});

describe('codes as typed', () => {
  it('takes a six-digit code with the space apps show, and nothing else as one', () => {
    expect(isTotpCode('123 456')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('abcd-efgh-jkmn-pqrs')).toBe(false);
  });

  it('compares recovery codes without case, dashes or spaces', () => {
    expect(normalizeRecoveryCode('ABCD-efgh JKMN-pqrs')).toBe('abcdefghjkmnpqrs');
  });
});
