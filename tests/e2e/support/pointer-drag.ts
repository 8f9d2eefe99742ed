import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Drags `handle` onto `target` with the mouse as a hand does, and drops only once the drag
 * library has said (in its live region) that the drop would land where `expected` says, and
 * still says so a moment later.
 *
 * The target is first brought to the middle of the window: near an edge the drag scrolls the
 * page (as it should for a person), which moves the target away from the pointer. A drag also
 * opens drop zones and moves the layout, so the target is aimed at again, where it is now,
 * until the announcement agrees. dnd-kit starts a pointer drag after a few pixels' move.
 */
export async function dragWithMouse(
  page: Page,
  handle: Locator,
  target: Locator,
  expected: string,
): Promise<void> {
  // A screen with several drag areas has a live region for each.
  const announced = async () =>
    (await page.locator('[id^="DndLiveRegion"]').allTextContents()).join(' ');
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  // A long list may leave the handle outside the window: the least scroll that shows it.
  await handle.evaluate((element) => element.scrollIntoView({ block: 'nearest' }));
  const from = (await handle.boundingBox())!;
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await page.mouse.move(start.x, start.y);
  const before = await announced();
  await page.mouse.down();
  await page.mouse.move(start.x, start.y + 12, { steps: 6 });
  // The drag has started once the live region speaks (on a busy machine it may already have
  // gone on from "Picked up ..." to where the pointer is).
  await expect.poll(announced).not.toBe(before);
  // The lower part of the target: inside it, past any heading it has.
  const aims = [0.8, 0.6, 0.4];
  let attempt = 0;
  const aimed = async () => {
    const to = await target.boundingBox();
    if (!to) return '';
    const aim = aims[attempt++ % aims.length]!;
    // Aimed within the part of the target the window shows.
    const height = page.viewportSize()?.height ?? Number.POSITIVE_INFINITY;
    const top = Math.max(to.y, 0);
    const bottom = Math.min(to.y + to.height, height);
    await page.mouse.move(to.x + to.width / 2, top + (bottom - top) * aim, { steps: 8 });
    await page.waitForTimeout(100);
    return announced();
  };
  await expect
    .poll(aimed, { message: `the drag should come over: ${expected}`, timeout: 10_000 })
    .toContain(expected);
  await page.waitForTimeout(200);
  expect(await announced()).toContain(expected);
  await page.mouse.up();
}
