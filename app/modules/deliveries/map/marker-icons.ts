import { stateStyle } from '../state/state-style';
import type { StateCount } from './map-clusters';
import classes from './delivery-map.module.css';

/** Diameter of a delivery's point, px. */
export const pointSize = 26;

/** Diameter of a group's disc, px: larger for more deliveries. */
export function groupSize(count: number): number {
  return count < 10 ? 34 : count < 100 ? 40 : 46;
}

function span(className: string, text = ''): HTMLSpanElement {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  return element;
}

/** A delivery's point: a disc in its state's colour with the state's letter. */
export function pointIcon(state: string): HTMLElement {
  const style = stateStyle(state);
  const disc = span(classes.point!, style.letter);
  disc.style.background = style.background;
  disc.style.color = style.foreground;
  disc.setAttribute('aria-hidden', 'true');
  return disc;
}

/** A ring of the states' colours, each as wide as its share of the group, the worst first. */
export function mixRing(mix: readonly StateCount[]): string {
  const total = mix.reduce((sum, { count }) => sum + count, 0) || 1;
  let from = 0;
  const stops = mix.map(({ state, count }) => {
    const to = from + (count / total) * 100;
    const stop = `${stateStyle(state).background} ${from.toFixed(2)}% ${to.toFixed(2)}%`;
    from = to;
    return stop;
  });
  return stops.length > 0 ? `conic-gradient(${stops.join(', ')})` : stateStyle('').background;
}

/**
 * A group: a disc with the number of deliveries on white, ringed by its states' colours in
 * their shares (the worst first, clockwise from the top), and a badge with the worst state's
 * letter.
 */
export function groupIcon(count: number, worst: string, mix: readonly StateCount[]): HTMLElement {
  const style = stateStyle(worst);
  const disc = span(classes.group!);
  const size = `${groupSize(count)}px`;
  disc.style.width = size;
  disc.style.height = size;
  disc.style.background = mixRing(mix);
  disc.setAttribute('aria-hidden', 'true');
  disc.append(span(classes.count!, count > 999 ? `${Math.floor(count / 1000)}k+` : String(count)));
  const badge = span(classes.badge!, style.letter);
  badge.style.background = style.background;
  badge.style.color = style.foreground;
  disc.append(badge);
  return disc;
}

/** The hover and focus tooltip of a point: its site, then day, time and state. */
export function pointTooltip(site: string, when: string, state: string): HTMLElement {
  const box = span(classes.tooltip!);
  box.append(span(classes.tooltipSite!, site), span(classes.tooltipLine!, when));
  box.append(span(classes.tooltipLine!, state));
  return box;
}
