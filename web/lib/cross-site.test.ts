import { describe, expect, it } from "vitest";
import { BODY_REFUSED, bodyRefusal, CROSS_SITE_REFUSED, crossSiteRefusal, ownHosts } from "@/lib/cross-site";

const headers = (values: Record<string, string>) => new Headers(values);
const HOSTS = new Set(["console.example.com"]);
const REFUSED = { code: 403, msg: CROSS_SITE_REFUSED };

describe("requests from other sites", () => {
  it("refuses writes whose Origin or Sec-Fetch-Site is not the console's", () => {
    expect(crossSiteRefusal("POST", headers({ origin: "https://evil.example" }), true, HOSTS)).toEqual(REFUSED);
    expect(crossSiteRefusal("POST", headers({ origin: "null" }), true, HOSTS)).toEqual(REFUSED);
    expect(crossSiteRefusal("DELETE", headers({ "sec-fetch-site": "same-site" }), true, HOSTS)).toEqual(REFUSED);
    expect(crossSiteRefusal("PUT", headers({ "sec-fetch-site": "cross-site", origin: "https://console.example.com" }), true, HOSTS)).toEqual(REFUSED);
    expect(crossSiteRefusal("POST", headers({ "sec-fetch-site": "same-origin", origin: "https://console.example.com" }), true, HOSTS)).toBeNull();
    // no browser: nobody's cookie rides on it
    expect(crossSiteRefusal("POST", headers({}), true, HOSTS)).toBeNull();
  });

  it("refuses GETs that may change state unless the console's own pages made them", () => {
    expect(crossSiteRefusal("GET", headers({ "sec-fetch-site": "cross-site" }), true, HOSTS)).toEqual(REFUSED);
    expect(crossSiteRefusal("GET", headers({ "sec-fetch-site": "none" }), true, HOSTS)).toEqual(REFUSED);
    expect(crossSiteRefusal("GET", headers({}), true, HOSTS)).toEqual(REFUSED);
    expect(crossSiteRefusal("GET", headers({ "x-console-request": "1" }), true, HOSTS)).toBeNull();
    expect(crossSiteRefusal("GET", headers({ "sec-fetch-site": "same-origin" }), true, HOSTS)).toBeNull();
    // pure reads (screens, emoji) need no header from a non-browser, but never come from another site
    expect(crossSiteRefusal("GET", headers({}), false, HOSTS)).toBeNull();
    expect(crossSiteRefusal("GET", headers({ "sec-fetch-site": "cross-site" }), false, HOSTS)).toEqual(REFUSED);
  });

  it("knows the console's hosts from Host, the proxy and NEXTAUTH_URL", () => {
    const hosts = ownHosts(headers({ host: "127.0.0.1:3000", "x-forwarded-host": "Console.Example.com, proxy" }), "https://admin.example.com/");
    expect([...hosts].sort()).toEqual(["127.0.0.1:3000", "admin.example.com", "console.example.com"]);
  });
});

describe("bodies", () => {
  it("accepts JSON, forms and uploads and refuses the rest with 415", () => {
    expect(bodyRefusal(headers({ "content-type": "application/json; charset=utf-8" }), 10)).toBeNull();
    expect(bodyRefusal(headers({ "content-type": "application/x-www-form-urlencoded" }), 10)).toBeNull();
    expect(bodyRefusal(headers({ "content-type": "multipart/form-data; boundary=x" }), 10)).toBeNull();
    expect(bodyRefusal(headers({ "content-type": "text/plain" }), 10)).toEqual({ code: 415, msg: BODY_REFUSED });
    expect(bodyRefusal(headers({}), 10)).toEqual({ code: 415, msg: BODY_REFUSED });
    expect(bodyRefusal(headers({ "content-type": "text/plain" }), 0)).toBeNull();
  });
});
