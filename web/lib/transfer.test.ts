import { describe, expect, it } from "vitest";
import { byteSize, contentLength, percent, receive, type Transfer, transferBytes } from "./transfer";

/** A real byte stream of these chunks, each handed over on its own turn. */
function streamOf(chunks: number[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (i < chunks.length) controller.enqueue(new Uint8Array(chunks[i++]).fill(65));
      else controller.close();
    },
  });
}

describe("a transfer's progress", () => {
  it("counts a download's bytes against its size, one report per whole percent, and keeps every byte", async () => {
    const reports: Transfer[] = [];
    const blob = await receive(streamOf([100, 100, 1, 799, 0, 1000]), { name: "user.xlsx", total: 2000 }, (t) => reports.push(t), "application/zip");
    expect(blob.size).toBe(2000);
    expect(blob.type).toBe("application/zip");
    expect(await blob.text()).toBe("A".repeat(2000));
    // 0%, 5%, 10%, (10.05% is still 10%: no report), 50%, (empty chunk: no report), 100%
    expect(reports.map((t) => [t.phase, t.loaded, percent(t)])).toEqual([
      ["receiving", 0, 0],
      ["receiving", 100, 5],
      ["receiving", 200, 10],
      ["receiving", 1000, 50],
      ["receiving", 2000, 100],
    ]);
    expect(transferBytes(reports[3])).toBe("1000 B / 2.0 KB");
  });

  it("without a Content-Length the bar has no value and each chunk's bytes are still told", async () => {
    const reports: Transfer[] = [];
    const blob = await receive(streamOf([3000, 3000]), { name: "gen.zip", total: contentLength(null) }, (t) => reports.push(t));
    expect(blob.size).toBe(6000);
    expect(reports.map((t) => [t.loaded, percent(t), transferBytes(t)])).toEqual([
      [0, null, ""],
      [3000, null, "2.9 KB"],
      [6000, null, "5.9 KB"],
    ]);
  });

  it("reads a response's real body stream, sized by its header", async () => {
    const response = new Response(streamOf([4096, 4096, 2048]), { headers: { "content-length": "10240" } });
    const reports: Transfer[] = [];
    await receive(response.body!, { name: "a.xlsx", total: contentLength(response.headers.get("content-length")) }, (t) => reports.push(t));
    expect(reports.map(percent)).toEqual([0, 40, 80, 100]);
    expect(transferBytes(reports.at(-1)!)).toBe("10.0 KB / 10.0 KB");
  });

  it("an upload fills with its bytes sent, then the server's work has no value to show", () => {
    expect(percent({ phase: "sending", name: "u.xlsx", loaded: 512, total: 1024 })).toBe(50);
    expect(percent({ phase: "processing", name: "u.xlsx", loaded: 0, total: null })).toBeNull();
    expect(percent({ phase: "preparing", name: "u.xlsx", loaded: 0, total: null })).toBeNull();
  });

  it("reads sizes for people and refuses a header that is no size", () => {
    expect([byteSize(0), byteSize(1023), byteSize(1024), byteSize(5 * 1024 * 1024 + 1)]).toEqual(["0 B", "1023 B", "1.0 KB", "5.0 MB"]);
    expect([contentLength("2048"), contentLength(""), contentLength("abc"), contentLength("-1"), contentLength("0")]).toEqual([2048, null, null, null, null]);
  });
});
