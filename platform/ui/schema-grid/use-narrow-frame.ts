import { type RefObject, useLayoutEffect, useState } from 'react';

/** A grid's frame narrower than this (a phone, a side panel) draws its rows as cards. */
export const cardFrameWidth = 600;

const isNarrow = (width: number) => width > 0 && width < cardFrameWidth;

/**
 * Whether the element's own box is narrow: measured before the first paint and followed as it
 * resizes, so a grid in a narrow panel of a wide window is narrow too. A box with no layout
 * (hidden, or jsdom) is not narrow.
 */
export function useNarrowFrame(frame: RefObject<HTMLElement | null>): boolean {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    setNarrow(isNarrow(element.getBoundingClientRect().width));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries.at(-1);
      if (entry) setNarrow(isNarrow(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [frame]);
  return narrow;
}
