import type { userEvent } from '@testing-library/user-event';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Keyboard dragging with dnd-kit as a screen-reader user meets it: Space on a handle picks it
 * up, each key is followed by what the live region announces.
 */

type User = ReturnType<typeof userEvent.setup>;

/** What dnd-kit's live regions say now (a screen with several drag areas has one each). */
export const announced = () =>
  Array.from(document.querySelectorAll('[id^="DndLiveRegion"]'))
    .map((region) => region.textContent ?? '')
    .join('');

/** Two animation frames: dnd-kit gives the focus back to a dropped item's handle in one. */
const framesPassed = () =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/**
 * Focuses the handle `handleOf` finds (once the focus a previous drop gives back has landed,
 * and as the screen is drawn then) and picks it up.
 */
export async function pickUp(user: User, handleOf: () => HTMLElement, name: string): Promise<void> {
  await framesPassed();
  const handle = handleOf();
  handle.focus();
  expect(document.activeElement).toBe(handle);
  await user.keyboard(' ');
  await waitFor(() => expect(announced()).toBe(`Picked up ${name}.`));
  // The sensor listens for the arrow keys from the next tick on.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Presses `key` and waits until the live region says `announcement`. */
export async function press(user: User, key: string, announcement: string): Promise<void> {
  await user.keyboard(key);
  await waitFor(() => expect(announced()).toBe(announcement));
}
