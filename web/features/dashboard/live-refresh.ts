/**
 * When the home figures are read again after a "figures changed" notice (issue 28 §3): a burst of notices is one
 * read, `DEBOUNCE` ms after the last of them (at most `MAX_WAIT` after the first, so a steady stream still moves
 * the figures); a notice during a read asks for one more read after it, never two at once.
 */

export const DEBOUNCE = 600;
export const MAX_WAIT = 3000;

export interface RefreshTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const realTimers: RefreshTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export class LiveRefresh {
  private timer: unknown = null;
  private firstAt: number | null = null;
  private reading = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly read: () => Promise<void>,
    private readonly timers: RefreshTimers = realTimers,
  ) {}

  /** A notice arrived. */
  notify(): void {
    if (this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    const now = this.timers.now();
    this.firstAt ??= now;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(DEBOUNCE, this.firstAt + MAX_WAIT - now));
    this.timer = this.timers.setTimeout(() => void this.run(), wait);
  }

  private async run(): Promise<void> {
    this.timer = null;
    this.firstAt = null;
    this.reading = true;
    try {
      await this.read();
    } catch {
      // the request layer told the user; the next notice reads again
    } finally {
      this.reading = false;
    }
    if (this.again) {
      this.again = false;
      this.notify();
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
