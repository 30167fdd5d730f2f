// The portal's rules without a database: session lifetimes, the sign-in slow-down, password acceptance.
import { passwordProblem } from '../../src/merchants/domain/password.js';
import { needsTouch, sessionStatus } from '../../src/portal/domain/session.js';
import { claimAttempt, NOT_AN_ADDRESS, PER_ACCOUNT, PER_ADDRESS, takeBack, throttledAddress, waitAfter, type AttemptRecord } from '../../src/portal/domain/sign-in-throttle.js';

const at = (seconds: number): Date => new Date(Date.UTC(2026, 10, 23, 12) + seconds * 1000);

describe('session lifetime', () => {
  const policy = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };
  const session = (createdS: number, seenS: number) => ({ createdAt: at(createdS), lastSeenAt: at(seenS) });

  it('is active while used within the idle time', () => {
    expect(sessionStatus(session(0, 0), at(29 * 60), policy)).toBe('active');
  });
  it('ends after 30 minutes without use', () => {
    expect(sessionStatus(session(0, 0), at(30 * 60), policy)).toBe('idle');
  });
  it('ends 12 hours after sign-in even when used a moment ago', () => {
    expect(sessionStatus(session(0, 12 * 3600 - 1), at(12 * 3600), policy)).toBe('expired');
  });
  it('records use at most once a minute', () => {
    expect(needsTouch(session(0, 0), at(59))).toBe(false);
    expect(needsTouch(session(0, 0), at(60))).toBe(true);
  });
});

describe('sign-in slow-down', () => {
  /** Runs `n` failed attempts one second apart from `start`, each let through; answers the record. */
  function fail(n: number, start = 0, policy = PER_ACCOUNT): AttemptRecord | null {
    let record: AttemptRecord | null = null;
    let clock = start;
    for (let i = 0; i < n; i += 1) {
      const waitUntil = record?.waitUntil;
      if (waitUntil) clock = Math.max(clock, (waitUntil.getTime() - at(0).getTime()) / 1000);
      const claim = claimAttempt(record, at(clock), policy);
      if (!claim.allowed) throw new Error('refused');
      record = claim.record;
      clock += 1;
    }
    return record;
  }

  it('lets 5 failures through without waiting, then waits 30 s, 60 s, 120 s ... up to 15 minutes per account', () => {
    expect([1, 2, 3, 4].map((n) => waitAfter(n, PER_ACCOUNT))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 20].map((n) => waitAfter(n, PER_ACCOUNT))).toEqual([30, 60, 120, 240, 480, 900, 900]);
  });

  it('per address: 30 free failures, then 1 minute doubling up to an hour', () => {
    expect(waitAfter(29, PER_ADDRESS)).toBe(0);
    expect([30, 31, 35, 40].map((n) => waitAfter(n, PER_ADDRESS))).toEqual([60, 120, 1920, 3600]);
  });

  it('refuses an attempt during the wait and says how long is left', () => {
    const record = fail(5);
    const claim = claimAttempt(record, at(14), PER_ACCOUNT);
    expect(claim).toEqual({ allowed: false, retryAfterSeconds: 20 });
  });

  it('counts an attempt as failed from the moment it is let through', () => {
    const claim = claimAttempt(null, at(0), PER_ACCOUNT);
    expect(claim.allowed && claim.record.failures).toBe(1);
  });

  it('taking back an attempt removes its count and its wait', () => {
    const record = fail(5);
    expect(takeBack(record, at(10), PER_ACCOUNT)).toMatchObject({ failures: 4, waitUntil: null });
    expect(takeBack(fail(1), at(2), PER_ACCOUNT)).toBeNull();
  });

  it('counts an IPv4 address as it is and an IPv6 one by its /64, however it is written', () => {
    expect(throttledAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttledAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(throttledAddress('2001:db8:5:7:1:2:3:4')).toBe('2001:db8:5:7::/64');
    expect(throttledAddress('2001:DB8:0005:0007::9')).toBe('2001:db8:5:7::/64');
    expect(throttledAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttledAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(throttledAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttledAddress('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
    expect(throttledAddress('2001:db8:5:8::1')).not.toBe(throttledAddress('2001:db8:5:7::1'));
    expect(throttledAddress('not an address')).toBe(NOT_AN_ADDRESS);
    expect(throttledAddress('f'.repeat(3000))).toBe(NOT_AN_ADDRESS);
  });

  it('forgets a record after 24 hours without attempts', () => {
    const record = fail(12);
    const claim = claimAttempt(record, at(24 * 3600 + 3600), PER_ACCOUNT);
    expect(claim.allowed && claim.record.failures).toBe(1);
  });
});

describe('portal passwords', () => {
  it.each([
    ['corta', 'too_short'],
    ['x'.repeat(129), 'too_long'],
    ['ana.gomez es mi clave', 'contains_email'],
    ['contraseña2024', 'too_common'],
    ['Password123!', 'too_common'],
    ['aaaaaaaaaaaaaa', 'too_common'],
    ['123456789012', 'too_common'],
    ['abcdefghijklm', 'too_common'],
  ])('refuses %j (%s)', (password, problem) => {
    expect(passwordProblem(password, 'ana.gomez@cafe.co')).toBe(problem);
  });

  it.each(['cuatro palabras del mercado', 'Café con leche a las 7', 'ñandú veloz en Bogotá'])('accepts %j', (password) => {
    expect(passwordProblem(password, 'ana.gomez@cafe.co')).toBeNull();
  });

  it('counts characters, not bytes: 12 accented letters are enough', () => {
    expect(passwordProblem('ñáéíóúñáéíóú', 'x@y.co')).toBeNull();
  });
});
