import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import type { LoginData } from "@/lib/api/types";
import { bffCall } from "@/lib/bff";

/**
 * The X-Forwarded-For chain as Next received it, passed on whole: the BFF and the core take the
 * right-most address that no trusted proxy added. A client can prepend entries but never append
 * one behind the reverse proxy, so the first entry is never trusted.
 */
export function forwardedChain(forwardedFor: string | null | undefined): string | null {
  return forwardedFor?.trim() || null;
}

function headerValue(headers: Record<string, unknown> | undefined, name: string): string | null {
  const value = headers?.[name];
  return typeof value === "string" ? value : null;
}

export const authOptions: NextAuthOptions = {
  secret: process.env.NEXTAUTH_SECRET,
  session: { strategy: "jwt" },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "credentials",
      credentials: {
        username: { type: "text" },
        password: { type: "password" },
        code: { type: "text" },
        uuid: { type: "text" },
      },
      async authorize(credentials, req) {
        const username = credentials?.username?.trim() ?? "";
        const result = await bffCall<LoginData>("/bff/auth/login", {
          method: "POST",
          json: {
            username,
            password: credentials?.password ?? "",
            code: credentials?.code || undefined,
            uuid: credentials?.uuid || undefined,
          },
          forwarded: {
            ip: forwardedChain(headerValue(req.headers, "x-forwarded-for")),
            userAgent: headerValue(req.headers, "user-agent"),
          },
        });
        // the sign-in form reads this message (an i18n key or the BFF's own text) back from `error`
        if (!result.ok) throw new Error(JSON.stringify(result.message));
        return { id: username, name: username, accessToken: result.data.token };
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) token.accessToken = user.accessToken;
      return token;
    },
    // the client-visible session never carries the core token
    session({ session, token }) {
      return { expires: session.expires, user: { name: token.name } };
    },
  },
  events: {
    async signOut({ token }) {
      if (token?.accessToken) {
        await bffCall("/bff/auth/logout", { method: "POST", token: token.accessToken });
      }
    },
  },
};
