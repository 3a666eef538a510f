/**
 * Stopping one model for the rest of an invocation, leaving its jobs pending for a later resume, when asking on
 * would only waste requests and time:
 *   - its server refused the key (401/403): every further request would be refused the same way;
 *   - its server asked for a wait longer than clinicallab grants (Retry-After over the maximum) a second time:
 *     the first such answer pauses all the model's jobs once, for the maximum; a request sent after that pause
 *     that is told to wait that long again stops the model.
 * The first reason given is the one reported; every job waiting or in flight for the model ends at once.
 */
export class ModelStop {
  private readonly controller = new AbortController();
  private why: string | undefined;
  /** When the one long pause granted to this model ends (undefined until a server asked for a long wait). */
  private longPauseEnds: number | undefined;

  /** Aborts when the model is stopped. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Why the model was stopped, or undefined while it works. */
  get reason(): string | undefined {
    return this.why;
  }

  stop(reason: string): void {
    if (this.why !== undefined) return;
    this.why = reason;
    this.controller.abort();
  }

  /**
   * A server asked a request sent at `sentAt` to wait longer than `maxWaitMs`: true when that falls within the
   * model's one long pause (which it starts if none was granted yet), false when the model has had its pause.
   */
  grantLongPause(sentAt: number, maxWaitMs: number, now = Date.now()): boolean {
    if (this.longPauseEnds === undefined) {
      this.longPauseEnds = now + maxWaitMs;
      return true;
    }
    return sentAt < this.longPauseEnds;
  }
}
