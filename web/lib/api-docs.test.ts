import { describe, expect, it } from "vitest";
import { DOCS_PAGE, docsFrameSrc, docsLocation, docsTarget } from "./api-docs";

describe("the embedded API documentation", () => {
  it("opens the frame with the ticket, escaped", () => {
    expect(docsFrameSrc("a b&c")).toBe("/api-docs/docs/open?ticket=a%20b%26c");
  });

  it("sends the page's files to the docs pages and everything else to try-it-out calls", () => {
    expect(docsTarget(["docs", "index.html"], "")).toEqual({ kind: "page", bffPath: "/bff/pages/tool/docs/" });
    expect(docsTarget(["docs", "assets", "swagger-ui.css"], "")).toEqual({ kind: "page", bffPath: "/bff/pages/tool/docs/assets/swagger-ui.css" });
    expect(docsTarget(["docs", "open"], "?ticket=x")).toEqual({ kind: "page", bffPath: "/bff/pages/tool/docs/open?ticket=x" });
    expect(docsTarget(["system", "user", "1,2"], "?a=1")).toEqual({ kind: "call", bffPath: "/bff/pages/tool/docs-call/system/user/1,2?a=1" });
    expect(docsTarget(["bff", "screens", "session"], "?x=1")).toEqual({ kind: "bff", bffPath: "/bff/screens/session?x=1" });
  });

  it("refuses addresses that could leave the page or the API", () => {
    expect(docsTarget([], "")).toBeNull();
    expect(docsTarget(["docs", ".."], "")).toBeNull();
    expect(docsTarget(["system", "..", "x"], "")).toBeNull();
    expect(docsTarget(["system", "a/b"], "")).toBeNull();
    expect(docsTarget(["system", "a b"], "")).toBeNull();
    // the BFF's pages and sign-in are not callable from its document
    expect(docsTarget(["bff", "pages", "tool", "docs-call", "x"], "")).toBeNull();
    expect(docsTarget(["bff", "auth", "logout"], "")).toBeNull();
    expect(docsTarget(["bff", "screens"], "")).toBeNull();
  });


  it("brings every redirect back onto the page", () => {
    expect(docsLocation("./")).toBe(DOCS_PAGE);
    expect(docsLocation("/docs/")).toBe(DOCS_PAGE);
    expect(docsLocation("/docs/assets/x.js")).toBe("/api-docs/docs/assets/x.js");
    expect(docsLocation("https://evil.example/")).toBe(DOCS_PAGE);
    expect(docsLocation("//evil.example/docs/")).toBe(DOCS_PAGE);
    expect(docsLocation(null)).toBeNull();
  });
});
