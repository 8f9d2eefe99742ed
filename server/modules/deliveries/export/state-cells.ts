import { deliveryStateNames } from '#metadata';
import type { CellStyle } from '../../../engine/export/xlsx-stream';

const dark = 'FF1A1A1A';
const light = 'FFFFFFFF';

const look = (fill: string, font: string): CellStyle => ({
  fill,
  font: { bold: true, color: font },
});

/** Any code that is not a traffic-light state's. */
const otherState = 'other';

/**
 * The state cells' looks, by state code: the traffic-light colours as ARGB fills with a
 * font colour that stays readable on each; grey for any other code.
 */
export const stateStyles: Readonly<Record<string, CellStyle>> = {
  R: look('FFC62828', light),
  A: look('FFFFB300', dark),
  G: look('FF2E7D32', light),
  M: look('FF1565C0', light),
  Y: look('FFFFEB3B', dark),
  [otherState]: look('FFBDBDBD', dark),
};

/**
 * A state's long name (RED, AMBER, GREEN, BLUE, YELLOW) in the caller's language when
 * translated (`DELIVERY.STATE.R`...); any other code as itself.
 */
export function stateName(code: string, texts: Readonly<Record<string, string>>): string {
  const name = deliveryStateNames[code];
  return name === undefined ? code : (texts[`DELIVERY.STATE.${code}`] ?? name);
}

/** The name in `stateStyles` of a state's look. */
export function stateStyle(code: string): string {
  return code !== otherState && Object.hasOwn(stateStyles, code) ? code : otherState;
}
