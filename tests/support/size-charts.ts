import { vi } from 'vitest';

/** jsdom lays nothing out: chart containers get a size, so recharts draws the chart. */
export function sizeCharts(width = 800, height = 360) {
  const measure = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (!this.classList.contains('recharts-responsive-container')) return measure.call(this);
    return {
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      width,
      height,
      right: width,
      bottom: height,
      toJSON: () => ({}),
    };
  });
}
