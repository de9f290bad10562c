import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatConnection, HEARTBEAT, type Timers } from "./chat-socket";

/**
 * ChatConnection against a real socket.io server on loopback (python-socketio, the core's own library): it
 * answers the heartbeat, sends a badge on connect, checks the token, and drops a socket on request.
 */
const SERVER = `
import sys, socketio
from aiohttp import web
sio = socketio.AsyncServer(async_mode="aiohttp", cors_allowed_origins="*")
app = web.Application()
sio.attach(app)

@sio.event
async def connect(sid, environ, auth):
    if not auth or auth.get("token") != "good-token":
        raise socketio.exceptions.ConnectionRefusedError("unauthorised")
    await sio.emit("message", {"messageType": "badge", "badgeNum": 2}, to=sid)

@sio.on("message")
async def message(sid, data):
    return {"messageType": data["messageType"], "echo": data["content"]["txt"]}

@sio.on("drop")
async def drop(sid):
    await sio.disconnect(sid)

async def main():
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    print(site._server.sockets[0].getsockname()[1], flush=True)
    await __import__("asyncio").Event().wait()

__import__("asyncio").run(main())
`;

const PYTHON = path.resolve(__dirname, "../../../.venv/bin/python");
let server: ChildProcess;
let url: string;

/** The connection's delays, a hundred times shorter: 2000 ms start → 20 ms, 10 s heartbeat → 100 ms. */
const fast: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms / 100),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms / 100),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  server = spawn(PYTHON, ["-c", SERVER], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    server.stdout?.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    server.once("exit", (code) => reject(new Error(`the socket.io server exited with ${code}`)));
  });
  url = `http://127.0.0.1:${port}`;
}, 30_000);

afterAll(() => {
  server.kill();
});

function connect(token: string) {
  const messages: Record<string, unknown>[] = [];
  const sockets: ReturnType<typeof io>[] = [];
  let opened = 0;
  let closed = 0;
  const connection = new ChatConnection({
    open: () => {
      const socket = io(url, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
      sockets.push(socket);
      return socket;
    },
    onMessage: (data) => messages.push(data as Record<string, unknown>),
    onOpen: () => (opened += 1),
    onClose: () => (closed += 1),
    timers: fast,
  });
  return { connection, messages, sockets, opened: () => opened, closed: () => closed };
}

describe("ChatConnection on a real socket.io server (spec 4.4)", () => {
  it("opens after the start delay, passes messages on and hands the heartbeat's answer on", async () => {
    const chat = connect("good-token");
    chat.connection.start();
    chat.connection.start(); // once
    await until(() => chat.opened() === 1, "the socket to open");
    expect(chat.sockets).toHaveLength(1);
    await until(() => chat.messages.length >= 2, "the badge and a heartbeat answer");
    expect(chat.messages[0]).toEqual({ messageType: "badge", badgeNum: 2 });
    expect(chat.messages[1]).toEqual({ messageType: HEARTBEAT.messageType, echo: HEARTBEAT.content.txt });
    chat.connection.stop();
    expect(chat.sockets[0].connected).toBe(false);
  });

  it("reconnects through the heartbeat after the server drops the socket", async () => {
    const chat = connect("good-token");
    chat.connection.start();
    await until(() => chat.opened() === 1, "the socket to open");
    chat.sockets[0].emit("drop");
    await until(() => chat.closed() === 1, "the close");
    expect(chat.connection.canInit).toBe(true);
    await until(() => chat.opened() === 2, "the reconnect");
    expect(chat.sockets).toHaveLength(2);
    expect(chat.connection.connected).toBe(true);
    chat.connection.stop();
  });

  it("a refused token closes the socket and the heartbeat tries again, never opening", async () => {
    const chat = connect("bad-token");
    chat.connection.start();
    await until(() => chat.sockets.length >= 2, "a second attempt");
    expect(chat.opened()).toBe(0);
    expect(chat.closed()).toBeGreaterThanOrEqual(1);
    expect(chat.messages).toEqual([]);
    chat.connection.stop();
    const attempts = chat.sockets.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(chat.sockets).toHaveLength(attempts); // stopped: no further attempt
  });
});
