import { expect, test } from "./fixtures";
import { customerSays, openConsole, room, uniquePeerId } from "./chat-helpers";
import { ADMIN_STATE } from "./helpers";
import { PNG } from "./system-helpers";

// Runs only in ./ops/test's browser-s3 run: the stack stores files in an S3-compatible server on loopback
// (moto), whose address is E2E_S3_URL; the other runs leave out what is tagged @s3.
test.use({ storageState: ADMIN_STATE });

test("an operator's chat image goes from the browser straight to the object store @s3", async ({ page }) => {
  const store = process.env.E2E_S3_URL ?? "";
  expect(store, "E2E_S3_URL names the S3 server").toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[a-z0-9-]+$/);
  const id = uniquePeerId();
  const name = `小蓝${id}`;
  await customerSays({ id, name, say: ["在吗"] });
  await openConsole(page);
  await page.getByTestId("chat-open").click();
  await room(page, name).click();
  const pane = page.getByTestId("chat-pane");
  await expect(pane.getByTestId("chat-pane-name")).toHaveText(name);

  const consoleUploads: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/common/upload")) consoleUploads.push(request.url());
  });
  const direct = page.waitForRequest((request) => request.method() === "POST" && request.url().startsWith(store));
  await pane.getByTestId("chat-image-input").setInputFiles([{ name: "direct.png", mimeType: "image/png", buffer: PNG }]);
  const sent = await direct;
  expect((await sent.response())?.status()).toBe(204);

  // the message shows the stored object, read back from the store itself
  const mine = pane.locator('[data-testid="chat-message"][data-self="true"]');
  await expect(mine).toHaveCount(1);
  const image = mine.getByTestId("chat-image").locator("img");
  await expect(image).toHaveAttribute("src", new RegExp(`^${store}/file/chat/\\d{13}[0-9a-z]{10}\\.png$`));
  expect(await image.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
  const stored = await page.request.get((await image.getAttribute("src")) ?? "");
  expect(Buffer.from(await stored.body()).equals(PNG)).toBe(true);
  expect(consoleUploads).toEqual([]); // nothing went through the console's own upload
});
