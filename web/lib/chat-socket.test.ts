import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChatConnection, HEARTBEAT, type SocketLike } from "./chat-socket";

class FakeSocket implements SocketLike {
  connected = false;
  emitted: unknown[][] = [];
  listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  disconnected = false;
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as (...args: unknown[]) => void]);
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push([event, ...args]);
  }
  fire(event: string, ...args: unknown[]) {
    if (event === "connect") this.connected = true;
    if (event === "disconnect" || event === "connect_error") this.connected = false;
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  disconnect() {
    this.disconnected = true;
    this.connected = false;
  }
  removeAllListeners() {
    this.listeners.clear();
  }
}

describe("ChatConnection (spec 4.4)", () => {
  let sockets: FakeSocket[];
  let messages: unknown[];
  let opened: number;
  let connection: ChatConnection;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    messages = [];
    opened = 0;
    connection = new ChatConnection({
      open: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      onMessage: (data) => messages.push(data),
      onOpen: () => {
        opened += 1;
      },
    });
  });
  afterEach(() => {
    connection.stop();
    vi.useRealTimers();
  });

  it("opens 2000 ms after start, once", () => {
    connection.start();
    connection.start();
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(1);
  });

  it("runs the open callback and sends a heartbeat every 10 s while open", () => {
    connection.start();
    vi.advanceTimersByTime(2000);
    sockets[0].fire("connect");
    expect(opened).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(sockets[0].emitted).toHaveLength(1);
    expect(sockets[0].emitted[0][0]).toBe("message");
    expect(sockets[0].emitted[0][1]).toEqual(HEARTBEAT);
    vi.advanceTimersByTime(20_000);
    expect(sockets[0].emitted).toHaveLength(3);
    // the heartbeat's answer is handed on like any message
    (sockets[0].emitted[0][2] as (answer: unknown) => void)({ messageType: "jump" });
    expect(messages).toEqual([{ messageType: "jump" }]);
  });

  it("passes the socket's messages on", () => {
    connection.start();
    vi.advanceTimersByTime(2000);
    sockets[0].fire("message", { messageType: "badge", badgeNum: 2 });
    expect(messages).toEqual([{ messageType: "badge", badgeNum: 2 }]);
  });

  it("after a close, the next heartbeat reconnects 2 s later, through the can-init flag", () => {
    connection.start();
    vi.advanceTimersByTime(2000);
    sockets[0].fire("connect");
    sockets[0].fire("disconnect");
    expect(connection.canInit).toBe(true);
    vi.advanceTimersByTime(10_000); // heartbeat: not open → reconnect scheduled
    expect(connection.canInit).toBe(false);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    expect(sockets[0].disconnected).toBe(true);
    sockets[1].fire("connect");
    expect(opened).toBe(2);
  });

  it("does not repeat a pending reconnect nor reconnect while a connection is under way", () => {
    connection.start();
    vi.advanceTimersByTime(2000);
    // still connecting: the flag is false, a heartbeat changes nothing
    connection.beat();
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(1);
    sockets[0].fire("connect_error", new Error("refused"));
    connection.reconnect();
    connection.reconnect();
    connection.beat();
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(2);
  });

  it("a socket that never opened is retried by the heartbeat", () => {
    connection.start();
    vi.advanceTimersByTime(2000);
    sockets[0].fire("connect_error", new Error("down"));
    vi.advanceTimersByTime(12_000);
    expect(sockets).toHaveLength(2);
  });

  it("stops everything", () => {
    connection.start();
    vi.advanceTimersByTime(2000);
    sockets[0].fire("connect");
    connection.stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(sockets[0].disconnected).toBe(true);
    expect(sockets[0].emitted).toHaveLength(0);
  });
});
