/** How a delivery state code looks: its colour, the letter that says it without colour, its name. */
export interface StateStyle {
  code: string;
  /** Background of the badge, and of the map point. */
  background: string;
  /** Text on that background (contrast at least 4.5:1). */
  foreground: string;
  /** Translation key of the long name (RED, AMBER, ...). */
  nameKey: string;
  /** What the badge shows: R, A, G, B, Y, or a dash. */
  letter: string;
  /** Translation key of the legend's line: what the state means and what to do. */
  meaningKey: string;
}

const style = (
  code: string,
  background: string,
  foreground: string,
  letter: string,
  meaningKey: string,
): StateStyle => ({
  code,
  background,
  foreground,
  nameKey: `DELIVERY.STATE.${code}`,
  letter,
  meaningKey,
});

/** Spec: R red, A amber, G green, M blue, Y yellow; any other value is grey. */
export const stateStyles: Readonly<Record<string, StateStyle>> = {
  R: style('R', '#c92a2a', '#ffffff', 'R', 'DELIVERY.LEGEND.R'),
  A: style('A', '#f08c00', '#000000', 'A', 'DELIVERY.LEGEND.A'),
  // Mantine's green.9 (#2b8a3e) gives white text only 4.37:1; this darker green gives 5.4:1.
  G: style('G', '#237a36', '#ffffff', 'G', 'DELIVERY.LEGEND.G'),
  M: style('M', '#1864ab', '#ffffff', 'B', 'DELIVERY.LEGEND.M'),
  Y: style('Y', '#fcc419', '#000000', 'Y', 'DELIVERY.LEGEND.Y'),
};

export const otherStateStyle: StateStyle = {
  code: '',
  background: '#ced4da',
  foreground: '#000000',
  nameKey: 'DELIVERY.STATE.OTHER',
  letter: '–',
  meaningKey: 'DELIVERY.LEGEND.OTHER',
};

/** The codes in the order a legend or a filter lists them. */
export const stateCodes = ['R', 'A', 'Y', 'G', 'M'] as const;

export function stateStyle(code: unknown): StateStyle {
  return (typeof code === 'string' && stateStyles[code]) || otherStateStyle;
}
