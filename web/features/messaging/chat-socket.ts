/**
 * The chat connection of spec §4.4, free of React and of the socket library (both injected):
 * - it starts 2000 ms after the user info has loaded;
 * - on open it runs a callback and (re)starts a heartbeat every 10 s: an open socket gets the heartbeat
 *   message, a closed one is reconnected;
 * - a reconnect happens only while the 'can init' flag is true: the flag goes false, the reconnect runs
 *   2 s later, and an error or a close sets the flag again; a pending reconnect is not repeated.
 */

export const START_DELAY = 2000;
export const HEARTBEAT_INTERVAL = 10_000;
export const RECONNECT_DELAY = 2000;

/** The heartbeat of spec §7.4: sender 1000, toShopId 0, messageType 'jump'. */
export const HEARTBEAT = {
  userUid: 1000,
  toShopId: 0,
  messageType: "jump",
  content: { txt: "心跳", type: "jump" },
  contentType: "txt",
} as const;

/** The part of a socket.io client socket that the connection uses. */
export interface SocketLike {
  readonly connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  disconnect(): unknown;
  removeAllListeners(): unknown;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

export interface ConnectionOptions {
  /** opens a socket (already connecting) authenticated by the chat token */
  open: () => SocketLike;
  /** every 'message' event, heartbeat answers included */
  onMessage: (data: unknown) => void;
  /** run each time the socket opens */
  onOpen?: () => void;
  /** the socket closed or failed */
  onClose?: () => void;
  timers?: Timers;
}

export class ChatConnection {
  /** the spec's 'can init' flag */
  canInit = true;
  private socket: SocketLike | null = null;
  private startTimer: unknown = null;
  private heartbeatTimer: unknown = null;
  private reconnectTimer: unknown = null;
  private stopped = false;
  private readonly timers: Timers;

  constructor(private readonly options: ConnectionOptions) {
    this.timers = options.timers ?? realTimers;
  }

  get connected(): boolean {
    return !!this.socket?.connected;
  }

  /** After the user info loaded: the socket opens 2000 ms later (once). */
  start(): void {
    if (this.startTimer !== null || this.socket || this.stopped) return;
    this.startTimer = this.timers.setTimeout(() => {
      this.startTimer = null;
      this.init();
    }, START_DELAY);
  }

  private init(): void {
    if (this.stopped) return;
    this.dispose();
    this.canInit = false; // a connection is under way; its error or close allows the next one
    const socket = this.options.open();
    this.socket = socket;
    socket.on("connect", () => {
      if (socket !== this.socket) return;
      this.options.onOpen?.();
      this.startHeartbeat();
    });
    socket.on("message", (data: never) => {
      if (socket === this.socket) this.options.onMessage(data);
    });
    const closed = () => {
      if (socket !== this.socket) return;
      this.canInit = true;
      this.options.onClose?.();
    };
    socket.on("disconnect", closed);
    socket.on("connect_error", closed);
    // a socket that never opens is still watched: the heartbeat reconnects it
    if (this.heartbeatTimer === null) this.startHeartbeat();
  }

  private startHeartbeat(): void {
    if (this.heartbeatTimer !== null) this.timers.clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = this.timers.setInterval(() => this.beat(), HEARTBEAT_INTERVAL);
  }

  /** One heartbeat: the heartbeat message on an open socket, a reconnect otherwise. */
  beat(): void {
    if (this.socket?.connected) {
      this.socket.emit("message", HEARTBEAT, (answer: unknown) => this.options.onMessage(answer));
    } else {
      this.reconnect();
    }
  }

  /** Reconnects 2 s later, only when allowed and not already pending. */
  reconnect(): void {
    if (this.stopped || !this.canInit || this.reconnectTimer !== null) return;
    this.canInit = false;
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null;
      this.init();
    }, RECONNECT_DELAY);
  }

  /** Sends on the open socket; false when it is not open. */
  send(data: unknown, ack?: (answer: unknown) => void): boolean {
    if (!this.socket?.connected) return false;
    if (ack) this.socket.emit("message", data, ack);
    else this.socket.emit("message", data);
    return true;
  }

  private dispose(): void {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners();
      socket.disconnect();
    }
  }

  stop(): void {
    this.stopped = true;
    for (const timer of [this.startTimer, this.reconnectTimer]) if (timer !== null) this.timers.clearTimeout(timer);
    if (this.heartbeatTimer !== null) this.timers.clearInterval(this.heartbeatTimer);
    this.startTimer = this.reconnectTimer = this.heartbeatTimer = null;
    this.dispose();
  }
}
