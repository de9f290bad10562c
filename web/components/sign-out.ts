import { signOut } from "next-auth/react";

/**
 * Ends the session (next-auth's sign-out event also signs out of the BFF) and reloads at the
 * admin index page, which sends a signed-out visitor to the sign-in page.
 */
export async function signOutAndReload(): Promise<void> {
  await signOut({ redirect: false });
  window.location.href = "/index";
}
