import { expect, test } from "./fixtures";
import { ADMIN_STATE, RY, signIn } from "./helpers";

test.describe("API documentation", () => {
  test.use({ storageState: ADMIN_STATE });

  test("opens the core's API docs in the console, expands an endpoint and tries it out", async ({ page }) => {
    // two documents of ~2,500 operations drawn by Swagger UI, each step allowed 30 s: a minute was not enough on a
    // two-core machine running the other suites (a clean-clone run ended this test on its last step)
    test.setTimeout(150_000);
    await page.goto("/tool/swagger");
    const docs = page.frameLocator('[data-testid="swagger-frame"]');
    await expect(docs.locator(".swagger-ui .info .title")).toBeVisible({ timeout: 30_000 });
    // Swagger UI draws the tags near the viewport only: an endpoint of the first tag, one that needs a
    // signed-in caller, so that a 200 envelope shows the page's session is the operator's. The title comes
    // first; the operations of a document of 2,500 follow, over 10 s on a machine busy with another suite.
    const operation = docs.locator("#operations-admin-AccountChartLogin-platform_AccountChartLogin_list");
    const drawn = { timeout: 30_000 };
    await expect(operation.locator('.opblock-summary-path[data-path="/admin/AccountChartLogin/list"]')).toBeVisible(drawn);
    await operation.locator(".opblock-summary").first().click();
    await operation.locator(".try-out__btn").click();
    await operation.locator(".execute").click();
    const response = operation.locator(".live-responses-table .response");
    await expect(response.locator(".response-col_status").first()).toHaveText("200", drawn);
    await expect(response.locator(".response-col_description")).toContainText('"code": 200');
    await expect(response.locator(".response-col_description")).toContainText('"rows"');

    // the BFF's document beside it
    await page.getByTestId("swagger-bff").click();
    await expect(docs.locator(".swagger-ui .info .title")).toContainText("BFF", { timeout: 30_000 });
    // and its calls are tried as the signed-in operator (the notification sound needs a session)
    const sound = docs.locator("#operations-messaging-chat-screens_notify_sound");
    await expect(sound.locator('.opblock-summary-path[data-path="/bff/chat/sound/notify.wav"]')).toBeVisible(drawn);
    await sound.locator(".opblock-summary").first().click();
    await sound.locator(".try-out__btn").click();
    await sound.locator(".execute").click();
    await expect(sound.locator(".live-responses-table .response .response-col_status").first()).toHaveText("200", drawn);
  });
});

test("the API docs are refused to an operator without tool:swagger:list", async ({ page }) => {
  await signIn(page, RY);
  await page.goto("/tool/swagger");
  await expect(page).toHaveURL(/\/404$/);
  // and no ticket opens the docs for this operator
  const ticket = await page.request.post("/api/bff/api/tool/swagger/ticket");
  expect(await ticket.json()).toEqual({ code: 403, msg: "当前操作没有权限" });
});
