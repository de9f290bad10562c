import { expect, test } from "./fixtures";
import { ADMIN_STATE } from "./helpers";
import { createUser, SEED, signInAs, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

test("changing one's password in the personal center asks for a new sign-in", async ({ page, browser }) => {
  const userName = unique("pwd_");
  await createUser(page, { userName, nickName: "改密用户", password: "old-pass1", deptId: SEED.deptResearch, roleIds: [SEED.roleCommon] });

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const own = await context.newPage();
  await signInAs(own, userName, "old-pass1");
  await own.goto("/user/profile");
  await expect(own.getByTestId("profile-userName")).toHaveText(userName);
  await own.getByTestId("profile-tab-password").click();
  const form = own.getByTestId("password-form");
  await form.getByTestId("form-oldPassword").fill("old-pass1");
  await form.getByTestId("form-newPassword").fill("new-pass2");
  await form.getByTestId("form-confirmPassword").fill("new-pass2");
  await form.getByTestId("password-save").click();
  await expect(own).toHaveURL(/\/login/);

  // the old session is gone and the new password works
  await own.goto("/user/profile");
  await expect(own).toHaveURL(/\/login/);
  await signInAs(own, userName, "new-pass2");
  await context.close();
});
