import { describe, expect, it } from 'vitest';
import { AdaptiveLimiter, backoffDelay } from '../../src/run/limiter.js';

describe('the adaptive limit', () => {
  it('halves on pushback, never below 1, and climbs back one step per window of successes', () => {
    const l = new AdaptiveLimiter(8);
    l.onPushback();
    expect(l.limit).toBe(4);
    for (let i = 0; i < 4; i++) l.onSuccess();
    expect(l.limit).toBe(5);
    for (let i = 0; i < 5; i++) l.onSuccess();
    expect(l.limit).toBe(6);
    for (let i = 0; i < 10; i++) l.onPushback();
    expect(l.limit).toBe(1);
    for (let i = 0; i < 1000; i++) l.onSuccess();
    expect(l.limit).toBe(8);
  });

  it('pauses everyone for as long as the server asked', () => {
    const l = new AdaptiveLimiter(4);
    l.onPushback(2000, 10_000);
    expect(l.pauseLeft(10_500)).toBe(1500);
    expect(l.pauseLeft(12_001)).toBe(0);
  });
});

describe('the backoff delay', () => {
  it('honours Retry-After, else grows exponentially with jitter up to the cap', () => {
    expect(backoffDelay(0, 3000)).toBe(3000);
    const opts = { baseMs: 100, maxMs: 1000 };
    expect(backoffDelay(0, undefined, opts, () => 0)).toBe(50);
    expect(backoffDelay(0, undefined, opts, () => 1)).toBe(100);
    expect(backoffDelay(3, undefined, opts, () => 1)).toBe(800);
    expect(backoffDelay(10, undefined, opts, () => 1)).toBe(1000);
  });
});
