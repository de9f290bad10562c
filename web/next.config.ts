import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { API_POLICY, COMMON_HEADERS, HSTS } from "./lib/security-headers";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // ./ops/test builds right after its web-typecheck step passed (`next typegen && tsc --noEmit`, the very check a
  // build runs): it says so with CONSOLE_WEB_TYPES_CHECKED=1 rather than have the build check the same files again
  // (97 s on a loaded two-core machine). Every other build checks its types.
  typescript: { ignoreBuildErrors: process.env.CONSOLE_WEB_TYPES_CHECKED === "1" },
  async headers() {
    return [
      { source: "/:path*", headers: COMMON_HEADERS },
      // Only answers that came over HTTPS (the TLS proxy says so): browsers ignore HSTS over HTTP anyway, and
      // a console reached over plain HTTP must not be pinned to HTTPS by a test or a misconfigured proxy.
      { source: "/:path*", has: [{ type: "header", key: "x-forwarded-proto", value: "https" }], headers: [{ key: "Strict-Transport-Security", value: HSTS }] },
      // API answers and stored files are never pages (the pages' policy comes from proxy.ts with its nonce;
      // /pool and /api-docs pass on the core's own page policy).
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_POLICY }] },
      { source: "/files/:path*", headers: [{ key: "Content-Security-Policy", value: API_POLICY }] },
    ];
  },
};

export default withNextIntl(nextConfig);
