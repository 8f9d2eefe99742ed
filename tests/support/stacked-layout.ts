/**
 * jsdom lays nothing out: every element's rect is zero, so drag and drop cannot tell one
 * droppable from another. While installed, each element gets the rect it would have in a
 * plain vertical list: its top from its place in document order, its bottom after its last
 * descendant (a container encloses what it holds), indented by its depth.
 *
 * @example
 * const restore = stackLayout();
 * onTestFinished(restore);
 */
export function stackLayout(rowHeight = 20): () => void {
  const original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function stackedRect(this: Element) {
    const all = Array.from(document.body.querySelectorAll('*'));
    const index = all.indexOf(this);
    if (index < 0) return original.call(this);
    let depth = 0;
    for (let parent = this.parentElement; parent; parent = parent.parentElement) depth += 1;
    const top = index * rowHeight;
    const height = (this.querySelectorAll('*').length + 1) * rowHeight;
    const left = depth * 4;
    const width = 1000 - left;
    return {
      x: left,
      y: top,
      top,
      left,
      width,
      height,
      right: left + width,
      bottom: top + height,
      toJSON: () => ({}),
    } as DOMRect;
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}
