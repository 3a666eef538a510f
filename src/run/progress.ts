/**
 * Progress of a run: on a terminal, one line redrawn in place (bar, done/error counts, tokens, cost, ETA); in a
 * log (CI, a file), a plain line every few seconds. Never more than a line per interval either way.
 */
import type { RunEvent } from './runner.js';

export interface ProgressOptions {
  total: number;
  /** Jobs already done before this invocation started. */
  alreadyDone: number;
  tty: boolean;
  write: (text: string) => void;
  /** Minimum time between two updates (ms). */
  intervalMs?: number;
  now?: () => number;
}

function duration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

export class Progress {
  private done = 0;
  private errors = 0;
  private retries = 0;
  private cached = 0;
  private tokensIn = 0;
  private tokensOut = 0;
  private cost = 0;
  private costUnknown = false;
  private last = 0;
  private readonly started: number;
  private readonly now: () => number;

  constructor(private readonly o: ProgressOptions) {
    this.now = o.now ?? (() => Date.now());
    this.started = this.now();
  }

  update(event: RunEvent): void {
    if (event.type === 'job-done') {
      this.done++;
      if (event.cached) this.cached++;
      this.tokensIn += event.inputTokens ?? 0;
      this.tokensOut += event.outputTokens ?? 0;
      if (event.cost === null) this.costUnknown = true;
      else this.cost += event.cost;
    } else if (event.type === 'job-error') this.errors++;
    else if (event.type === 'retry') this.retries++;
    const interval = this.o.intervalMs ?? (this.o.tty ? 100 : 10_000);
    if (this.now() - this.last >= interval) this.render();
  }

  line(): string {
    const finished = this.o.alreadyDone + this.done + this.errors;
    const total = Math.max(this.o.total, finished);
    const elapsed = this.now() - this.started;
    const rate = (this.done + this.errors) / Math.max(elapsed, 1);
    // too few answers for a rate worth showing yet
    const eta = rate > 0 && this.done + this.errors >= 5 ? (total - finished) / rate : NaN;
    const pct = total === 0 ? 100 : Math.floor((finished / total) * 100);
    const cost = this.costUnknown ? `$${this.cost.toFixed(4)}+unknown` : `$${this.cost.toFixed(4)}`;
    const parts = [`${finished}/${total} (${pct}%)`, `${this.errors} errors`, `${this.retries} retries`, `${this.cached} cached`, `tokens ${this.tokensIn}→${this.tokensOut}`, cost, `elapsed ${duration(elapsed)}`, `ETA ${duration(eta)}`];
    if (!this.o.tty) return parts.join(' · ');
    const width = 24;
    const filled = Math.round((pct / 100) * width);
    return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${parts.join(' · ')}`;
  }

  render(): void {
    this.last = this.now();
    if (this.o.tty) this.o.write(`\r\u001b[2K${this.line()}`);
    else this.o.write(`${this.line()}\n`);
  }

  /** Final line (and newline on a terminal). */
  finish(): void {
    this.render();
    if (this.o.tty) this.o.write('\n');
  }
}
