import { signOut } from "next-auth/react";
import { loginAgainPath } from "@/lib/validate";

/** Ends the session and loads `path` afresh. */
async function signOutAndLoad(path: string): Promise<void> {
  await signOut({ redirect: false });
  // a full page load on purpose: nothing of the ended session's client state (caches, sockets, the chat) may outlive it, as it would after a router push
  window.location.assign(path);
}

/**
 * Ends the session (next-auth's sign-out event also signs out of the BFF) and reloads at the
 * admin index page, which sends a signed-out visitor to the sign-in page.
 */
export function signOutAndReload(): Promise<void> {
  return signOutAndLoad("/index");
}

/** After an ended session: signs out and goes to sign in again, then back to `from` (a console page). */
export function signOutToLogin(from: string): Promise<void> {
  return signOutAndLoad(loginAgainPath(from));
}

/** After the password changed: signs out and opens the sign-in page. */
export function signOutToSignIn(): Promise<void> {
  return signOutAndLoad("/login");
}
