import { expect, test } from "./fixtures";
import { badgeTotal, shownBadgeTotal, customerSays, openConsole, room, Simulator, uniquePeerId, uploadAs } from "./chat-helpers";
import { ADMIN_STATE } from "./helpers";
import { PNG } from "./system-helpers";

// the core formats chat times in its business zone (Asia/Shanghai by default); operators' browsers are there too
test.use({ storageState: ADMIN_STATE, timezoneId: "Asia/Shanghai" });

test("an operator and an app user exchange text, emoji and images", async ({ page }) => {
  test.setTimeout(120_000);
  const id = uniquePeerId();
  const name = `小明${id}`;
  await openConsole(page);
  const before = await shownBadgeTotal(page);

  // the customer writes text with an emoji and sends a picture; the header badge rises without a reload
  const picture = await uploadAs(page, "customer.png", "image/png", PNG);
  await customerSays({ id, name, say: ["你好😀"], images: [picture] });
  await expect.poll(() => badgeTotal(page)).toBe(before + 2);
  await expect(page.getByTestId("chat-unread-flag")).toBeVisible();

  // the popup: 800 × 800, the 320 px sidebar, the room on top with its unread badge and '[图片]'
  await page.getByTestId("chat-open").click();
  const popup = page.getByTestId("chat-popup");
  await expect(popup).toBeVisible();
  expect(await popup.evaluate((el) => [el.getBoundingClientRect().width, el.getBoundingClientRect().height])).toEqual([800, 800]);
  expect(await page.getByTestId("chat-sidebar").evaluate((el) => el.getBoundingClientRect().width)).toBe(320);
  await expect(page.getByTestId("chat-title")).toHaveText(/^客服消息（\d+）$/);
  await expect(page.getByTestId("chat-unread-flag")).toBeHidden();
  const item = room(page, name);
  await expect(page.getByTestId("chat-room").first()).toContainText(name);
  await expect(item.getByTestId("chat-room-unread")).toHaveText("2");
  await expect(item.getByTestId("chat-room-last")).toHaveText("[图片]");

  // opening the room shows the history (text, the emoji as an image, the picture) and clears the dot
  await item.click();
  const pane = page.getByTestId("chat-pane");
  await expect(pane.getByTestId("chat-pane-name")).toHaveText(name);
  const messages = pane.getByTestId("chat-message");
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(0)).toHaveAttribute("data-self", "false");
  await expect(messages.nth(0).getByTestId("chat-message-content")).toContainText("你好");
  await expect(messages.nth(0).getByTestId("chat-emoji")).toHaveAttribute("src", "/api/bff/chat/emoji/1f600.svg");
  await expect(messages.nth(0).getByTestId("chat-relative-time")).toHaveText(/刚刚|分钟前/);
  const image = messages.nth(1).getByTestId("chat-image").locator("img");
  await expect(image).toHaveAttribute("src", picture.replace("/profile/", "/files/"));
  expect(await image.evaluate((el) => getComputedStyle(el).maxWidth)).toBe("200px");
  await expect.poll(() => image.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1); // once loaded
  await expect(pane.getByTestId("chat-time-separator")).toHaveCount(1);
  await expect(item.getByTestId("chat-room-unread")).toHaveCount(0);
  await expect.poll(() => badgeTotal(page)).toBe(before);

  // the picture previews
  await messages.nth(1).getByTestId("chat-image").click();
  await expect(pane.getByTestId("chat-image-preview")).toBeVisible();
  await pane.getByTestId("chat-image-preview").click();
  await expect(pane.getByTestId("chat-image-preview")).toBeHidden();

  // the customer comes online (its greeting arrives in the open pane at once) and listens
  const customer = new Simulator({ id, name, say: ["我在线"], listen: 45 });
  try {
    await customer.waitFor(/^sent: 200$/m);
    await expect(messages).toHaveCount(3);
    await expect(messages.last()).toContainText("我在线");
    await expect(item.getByTestId("chat-room-unread")).toHaveCount(0);

    // empty text is refused with the spec's prompt
    await pane.getByTestId("chat-send").click();
    await expect(page.getByText("请输入要发送的内容")).toBeVisible();

    // text with an emoji picked at the cursor; Enter sends
    const input = pane.getByTestId("chat-input");
    await input.fill("您好请问");
    await input.press("End");
    await input.press("ArrowLeft");
    await input.press("ArrowLeft");
    await pane.getByTestId("chat-emoji-button").click();
    const panel = pane.getByTestId("chat-emoji-panel");
    await expect(panel).toBeVisible();
    expect(await panel.evaluate((el) => [el.getBoundingClientRect().width, el.getBoundingClientRect().height])).toEqual([500, 300]);
    // the icons are drawn images (Twemoji), not a font glyph that needs an emoji font
    const icon = panel.locator('[data-testid="chat-emoji-option"][data-emoji="😀"] img');
    await expect.poll(() => icon.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(64);
    await panel.locator('[data-testid="chat-emoji-option"][data-emoji="😀"]').click();
    await expect(input).toHaveValue("您好😀请问");
    // a pick closes the picker
    await expect(panel).toBeHidden();
    // a click elsewhere closes it too
    await pane.getByTestId("chat-emoji-button").click();
    await expect(panel).toBeVisible();
    await pane.getByTestId("chat-pane-name").click();
    await expect(panel).toBeHidden();
    await input.press("End");
    await input.pressSequentially("有什么可以帮您");
    // a send closes an open picker
    await pane.getByTestId("chat-emoji-button").click();
    await expect(panel).toBeVisible();
    await input.press("Enter");
    await expect(input).toHaveValue("");
    await expect(panel).toBeHidden();
    const mine = pane.locator('[data-testid="chat-message"][data-self="true"]');
    await expect(mine).toHaveCount(1);
    await expect(mine.last()).toContainText("您好");
    await expect(mine.last()).toContainText("请问有什么可以帮您");
    await expect(mine.last().getByTestId("chat-emoji")).toHaveCount(1);
    // the emoji went as an image segment: the simulator prints it as [图片]
    await customer.waitFor(/: 您好\[图片\]请问有什么可以帮您$/m);

    // an image: uploaded (local storage: the console's own upload) and sent as its own message
    await pane.getByTestId("chat-image-input").setInputFiles([
      { name: "reply-a.png", mimeType: "image/png", buffer: PNG },
      { name: "reply-b.png", mimeType: "image/png", buffer: PNG },
    ]);
    await expect(mine).toHaveCount(3);
    await expect(mine.last().getByTestId("chat-image")).toBeVisible();
    await expect.poll(() => (customer.stdout.match(/: \[图片\]$/gm) ?? []).length, { timeout: 20_000 }).toBe(2);
    await expect(pane.getByTestId("chat-message-failed")).toHaveCount(0);

    // the room's last content follows the conversation
    await expect(item.getByTestId("chat-room-last")).toHaveText("[图片]");

    // a reply from the customer arrives in the open pane at once and is not counted as unread
    await customerSays({ id, name, say: ["收到，谢谢👍"] });
    await expect(pane.locator('[data-testid="chat-message"][data-self="false"]').last()).toContainText("收到，谢谢");
    await expect(item.getByTestId("chat-room-unread")).toHaveCount(0);
    await expect(item.getByTestId("chat-room-last")).toContainText("收到，谢谢");
  } finally {
    customer.stop();
  }

  // closing the pane clears the chosen conversation; closing the popup hides it
  await pane.getByTestId("chat-pane-close").click();
  await expect(page.getByTestId("chat-pane-empty")).toBeVisible();
  await page.getByTestId("chat-popup-close").click();
  await expect(popup).toBeHidden();
  await expect.poll(() => badgeTotal(page)).toBe(before);
});

test("older history loads on scroll without moving the view", async ({ page }) => {
  test.setTimeout(90_000);
  const id = uniquePeerId();
  const name = `历史${id}`;
  await customerSays({ id, name, say: Array.from({ length: 23 }, (_, i) => `第${i + 1}条`) });
  await openConsole(page);
  await page.getByTestId("chat-open").click();
  const item = room(page, name);
  await expect(item.getByTestId("chat-room-unread")).toHaveText("23");
  await item.click();

  const list = page.getByTestId("chat-messages");
  const messages = list.getByTestId("chat-message");
  await expect(messages).toHaveCount(10);
  await expect(messages.last()).toContainText("第23条");
  // the newest is in view at the bottom
  expect(await list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThanOrEqual(10);

  // near the top: the next page comes in above and the message that was first stays where it was
  const firstBefore = messages.first();
  await expect(firstBefore).toContainText("第14条");
  // measured in the same task as the scroll, before the scroll event loads anything
  const offsetBefore = await list.evaluate((el) => {
    el.scrollTop = 0;
    const first = el.querySelector('[data-testid="chat-message"]') as HTMLElement;
    return first.getBoundingClientRect().top - el.getBoundingClientRect().top;
  });
  await expect(messages).toHaveCount(20);
  await expect(messages.first()).toContainText("第4条");
  const kept = list.locator('[data-testid="chat-message"]', { hasText: "第14条" });
  const offsetAfter = await kept.evaluate((el) => el.getBoundingClientRect().top - (el.closest('[data-testid="chat-messages"]') as HTMLElement).getBoundingClientRect().top);
  expect(Math.abs(offsetAfter - offsetBefore)).toBeLessThan(40);

  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(messages).toHaveCount(23);
  await expect(messages.first()).toContainText("第1条");
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  await page.waitForTimeout(500);
  await expect(messages).toHaveCount(23);
});

test("a conversation asked for by another screen is moved to the top and opened", async ({ page }) => {
  test.setTimeout(90_000);
  const first = uniquePeerId();
  const wanted = `老客户${first}`;
  await customerSays({ id: first, name: wanted, say: ["上次的问题"] });
  await customerSays({ id: first + 1, name: `新客户${first + 1}`, say: ["新问题"] });
  await openConsole(page);

  const rooms = await page.request.post("/api/bff/api/admin/chat/v1/rooms", { data: { pageNo: 1, pageSize: 10 } });
  const body = (await rooms.json()) as { data: { data: { shopId: number; toName: string }[] } };
  const target = body.data.data.find((item) => item.toName === wanted);
  expect(target).toBeTruthy();
  expect(body.data.data[0].toName).not.toBe(wanted);

  // e.g. an order's 'contact the customer': the room is saved in session storage and becomes the target
  await page.evaluate((room) => {
    window.dispatchEvent(new CustomEvent("console:open-chat", { detail: room }));
  }, target);
  await expect(page.getByTestId("chat-popup")).toBeVisible();
  await expect(page.getByTestId("chat-room").first()).toContainText(wanted);
  await expect(page.getByTestId("chat-pane-name")).toHaveText(wanted);
  await expect(page.getByTestId("chat-messages").getByTestId("chat-message")).toHaveCount(1);
  expect(await page.evaluate(() => sessionStorage.getItem("chatRoom"))).toContain(wanted);

  // sending removes the saved room
  await page.getByTestId("chat-input").fill("您好，我们来跟进");
  await page.getByTestId("chat-send").click();
  await expect(page.locator('[data-testid="chat-message"][data-self="true"]')).toHaveCount(1);
  expect(await page.evaluate(() => sessionStorage.getItem("chatRoom"))).toBeNull();
});
