import { test as setup } from "./fixtures";
import { ADMIN_STATE, signIn } from "./helpers";

// one admin sign-in shared by the shell tests: the core limits sign-in attempts per address
setup("sign in as admin", async ({ page }) => {
  await signIn(page);
  await page.context().storageState({ path: ADMIN_STATE });
});
