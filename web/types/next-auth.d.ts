import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface User {
    /** the core API token: kept in the encrypted JWT cookie only */
    accessToken: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    accessToken?: string;
  }
}
