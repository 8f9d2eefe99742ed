import { type RefObject, useEffect, useEffectEvent } from 'react';
import { flushSync } from 'react-dom';

/**
 * The event a field's element sends up before it takes the focus, so that whatever hides it
 * (a tab not chosen) shows it first: a hidden field cannot take the focus.
 */
const revealEvent = 'schema-form-reveal';

/** Asks the containers of an element to show it (synchronously, so it can take the focus next). */
export function revealField(element: HTMLElement): void {
  element.dispatchEvent(new Event(revealEvent, { bubbles: true }));
}

/**
 * Shows the part of a container (e.g. the tab panel) that holds a field about to take the
 * focus: `partOf` names the part holding the element (undefined: none of ours), `show` shows
 * it. The update is flushed at once, before the focus moves.
 */
export function useReveal(
  container: RefObject<HTMLElement | null>,
  partOf: (target: Node) => string | undefined,
  show: (part: string) => void,
) {
  const onReveal = useEffectEvent((event: Event) => {
    const part = event.target instanceof Node ? partOf(event.target) : undefined;
    if (part !== undefined) flushSync(() => show(part));
  });
  useEffect(() => {
    const element = container.current;
    const listener = (event: Event) => onReveal(event);
    element?.addEventListener(revealEvent, listener);
    return () => element?.removeEventListener(revealEvent, listener);
  }, [container]);
}
