import { expect, test } from "./fixtures";
import { ADMIN_STATE, rowAction } from "./helpers";
import { PNG, row, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

test("a notice keeps the image uploaded into its content", async ({ page }) => {
  const title = unique("公告");
  await page.goto("/system/notice");
  await page.getByTestId("toolbar-add").click();
  const form = page.getByTestId("notice-form");
  await form.getByTestId("form-noticeTitle").fill(title);
  await form.getByTestId("form-noticeType").selectOption("1");
  const content = form.getByTestId("notice-content-content");
  await content.click();
  await page.keyboard.type("带图片的公告");
  await form.getByTestId("editor-image-input").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG });
  await expect(content.locator("img")).toHaveAttribute("src", /^\/files\/upload\//);
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();

  const notice = row(page.getByTestId("notice-screen-table"), title);
  await expect(notice).toContainText("通知");
  await rowAction(notice, "row-edit");
  await expect(content).toContainText("带图片的公告");
  const image = content.locator("img");
  await expect(image).toHaveAttribute("src", /^\/files\/upload\/.+\.png$/);
  // the stored file is served back through /files
  await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth)).toBe(1);
});
