import { describe, expect, it } from 'vitest';
import { AdaptiveLimiter, backoffDelay, MAX_RETRY_AFTER_MS, sleep } from '../../src/run/limiter.js';

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

  it('pauses at most 60 s however long the server asks (Retry-After: 3600), or the maximum it is given', () => {
    const l = new AdaptiveLimiter(4);
    l.onPushback(3_600_000, 0);
    expect(l.pauseLeft(0)).toBe(60_000);
    const short = new AdaptiveLimiter(4, 500);
    short.onPushback(3_600_000, 0);
    expect(short.pauseLeft(0)).toBe(500);
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

  it('waits out a Retry-After of an hour for 60 s only by default, or for the maximum set', () => {
    expect(MAX_RETRY_AFTER_MS).toBe(60_000);
    expect(backoffDelay(0, 3_600_000)).toBe(60_000);
    expect(backoffDelay(0, 3_600_000, { baseMs: 100, maxMs: 1000, maxRetryAfterMs: 250 })).toBe(250);
  });

  it('a wait ends as soon as the run is stopped', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 50);
    await sleep(60_000, controller.signal);
    expect(Date.now() - started).toBeLessThan(15_000); // not the minute asked for, even on a machine at full load
  });
});
