import type { Fill, Font } from 'exceljs';
import { deliveryStateNames } from '#metadata';

interface StateLook {
  fill: string;
  font: string;
}

const dark = 'FF1A1A1A';
const light = 'FFFFFFFF';

/** The traffic-light colours as ARGB fills, with a font colour that stays readable on each. */
const looks: Readonly<Record<string, StateLook>> = {
  R: { fill: 'FFC62828', font: light },
  A: { fill: 'FFFFB300', font: dark },
  G: { fill: 'FF2E7D32', font: light },
  M: { fill: 'FF1565C0', font: light },
  Y: { fill: 'FFFFEB3B', font: dark },
};
const grey: StateLook = { fill: 'FFBDBDBD', font: dark };

/**
 * A state's long name (RED, AMBER, GREEN, BLUE, YELLOW) in the caller's language when
 * translated (`DELIVERY.STATE.R`...); any other code as itself.
 */
export function stateName(code: string, texts: Readonly<Record<string, string>>): string {
  const name = deliveryStateNames[code];
  return name === undefined ? code : (texts[`DELIVERY.STATE.${code}`] ?? name);
}

/** The cell style of a state: its colour as the fill (grey for any other code). */
export function stateStyle(code: string): { fill: Fill; font: Partial<Font> } {
  const look = looks[code] ?? grey;
  return {
    fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: look.fill } },
    font: { bold: true, color: { argb: look.font } },
  };
}
