import { signOut } from "next-auth/react";
import { loginAgainPath } from "@/lib/validate";

/**
 * Ends the session (next-auth's sign-out event also signs out of the BFF) and reloads at the
 * admin index page, which sends a signed-out visitor to the sign-in page.
 */
export async function signOutAndReload(): Promise<void> {
  await signOut({ redirect: false });
  window.location.href = "/index";
}

/** After an ended session: signs out and goes to sign in again, then back to `from` (a console page). */
export async function signOutToLogin(from: string): Promise<void> {
  await signOut({ redirect: false });
  window.location.assign(loginAgainPath(from));
}
