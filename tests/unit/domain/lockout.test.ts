// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lockoutLeftS, lockoutWaitS } from '@/lib/domain/auth/lockout';

describe('temporary lockout of an (account, client address) pair', () => {
  it('five failures are free, then the wait doubles from 30 s up to 15 minutes', () => {
    expect([1, 4, 5, 6, 7, 8, 9, 10, 30].map((n) => lockoutWaitS(n))).toEqual([0, 0, 30, 60, 120, 240, 480, 900, 900]);
  });

  it('the scale multiplies the free failures (e2e runs)', () => {
    expect(lockoutWaitS(5, 50)).toBe(0);
    expect(lockoutWaitS(250, 50)).toBe(30);
  });

  it('what is left of the wait; nothing once it is over or after 12 hours without failures', () => {
    expect(lockoutLeftS(null, null)).toBe(0);
    expect(lockoutLeftS(4, 1)).toBe(0);
    expect(lockoutLeftS(5, 0.4)).toBe(30);
    expect(lockoutLeftS(6, 59.5)).toBe(1);
    expect(lockoutLeftS(6, 60)).toBe(0);
    expect(lockoutLeftS(40, 12 * 3600 - 1)).toBe(0);
    expect(lockoutLeftS(40, 600)).toBe(300);
    expect(lockoutLeftS(40, 12 * 3600)).toBe(0);
  });
});
