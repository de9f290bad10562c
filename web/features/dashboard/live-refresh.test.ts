import { describe, expect, it } from "vitest";
import { isDashboardNotice, LiveNotices } from "@/features/messaging/live-notices";
import { DEBOUNCE, LiveRefresh, MAX_WAIT, type RefreshTimers } from "./live-refresh";

/** A clock the test moves by hand: due callbacks run in order of their time. */
class Clock implements RefreshTimers {
  time = 0;
  private due: { at: number; fn: () => void; id: number }[] = [];
  private next = 0;
  setTimeout(fn: () => void, ms: number): unknown {
    this.next += 1;
    this.due.push({ at: this.time + ms, fn, id: this.next });
    return this.next;
  }
  clearTimeout(handle: unknown): void {
    this.due = this.due.filter((d) => d.id !== handle);
  }
  now(): number {
    return this.time;
  }
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      this.due.sort((a, b) => a.at - b.at);
      const first = this.due[0];
      if (!first || first.at > end) break;
      this.due.shift();
      this.time = first.at;
      first.fn();
      await Promise.resolve();
      await Promise.resolve();
    }
    this.time = end;
  }
}

describe("the home figures read again after the socket's notices", () => {
  it("reads once for a burst, after it has settled", async () => {
    const clock = new Clock();
    let reads = 0;
    const refresh = new LiveRefresh(async () => {
      reads += 1;
    }, clock);
    for (let i = 0; i < 5; i += 1) {
      refresh.notify();
      await clock.advance(100);
    }
    expect(reads).toBe(0);
    await clock.advance(DEBOUNCE);
    expect(reads).toBe(1);
    await clock.advance(10_000);
    expect(reads).toBe(1);
  });

  it("still reads during a steady stream, at most MAX_WAIT after its first notice", async () => {
    const clock = new Clock();
    const at: number[] = [];
    const refresh = new LiveRefresh(async () => {
      at.push(clock.now());
    }, clock);
    for (let t = 0; t < MAX_WAIT + 500; t += 200) {
      refresh.notify();
      await clock.advance(200);
    }
    expect(at[0]).toBe(MAX_WAIT);
  });

  it("never reads twice at once: a notice during a read asks for one more after it", async () => {
    const clock = new Clock();
    let running = 0;
    let most = 0;
    let reads = 0;
    let finish: () => void = () => undefined;
    const refresh = new LiveRefresh(
      () =>
        new Promise<void>((resolve) => {
          running += 1;
          most = Math.max(most, running);
          reads += 1;
          finish = () => {
            running -= 1;
            resolve();
          };
        }),
      clock,
    );
    refresh.notify();
    await clock.advance(DEBOUNCE);
    expect(reads).toBe(1);
    refresh.notify();
    refresh.notify();
    await clock.advance(DEBOUNCE * 2);
    expect(reads).toBe(1); // the first read is still running
    finish();
    await Promise.resolve();
    await Promise.resolve();
    await clock.advance(DEBOUNCE);
    expect(reads).toBe(2);
    expect(most).toBe(1);
  });

  it("a failed read does not stop the next notices; stop() ends them", async () => {
    const clock = new Clock();
    let reads = 0;
    const refresh = new LiveRefresh(async () => {
      reads += 1;
      throw new Error("refused");
    }, clock);
    refresh.notify();
    await clock.advance(DEBOUNCE);
    refresh.notify();
    await clock.advance(DEBOUNCE);
    expect(reads).toBe(2);
    refresh.notify();
    refresh.stop();
    await clock.advance(DEBOUNCE);
    refresh.notify();
    await clock.advance(DEBOUNCE);
    expect(reads).toBe(2);
  });
});

describe("the socket's dashboard notices", () => {
  it("are told apart from chat messages and reach every listener until it leaves", () => {
    expect(isDashboardNotice({ messageType: "dashboard", reasons: ["chat"] })).toBe(true);
    expect(isDashboardNotice({ messageType: "friend" })).toBe(false);
    expect(isDashboardNotice({ messageType: "badge", badgeNum: 1 })).toBe(false);
    expect(isDashboardNotice(null)).toBe(false);
    expect(isDashboardNotice("dashboard")).toBe(false);
    const notices = new LiveNotices();
    let a = 0;
    let b = 0;
    const leaveA = notices.subscribe(() => (a += 1));
    notices.subscribe(() => (b += 1));
    notices.emit();
    leaveA();
    notices.emit();
    expect([a, b]).toEqual([1, 2]);
  });
});
