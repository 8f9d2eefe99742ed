import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StateBadge } from '../../app/modules/deliveries/state/state-badge';
import {
  otherStateStyle,
  stateStyle,
  stateStyles,
} from '../../app/modules/deliveries/state/state-style';
import { renderWithProviders } from '../support/render';

// --- colours ---------------------------------------------------------------------------------

type Rgb = [number, number, number];

/** `#rrggbb`, `#rgb` or `rgb(r, g, b)` as 0-255 channels. */
function rgbOf(colour: string): Rgb {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`Not a colour: ${colour}`);
}

/** WCAG 2 relative luminance. */
function luminance(colour: string): number {
  const [r, g, b] = rgbOf(colour).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Hue in degrees (0-360) and saturation (0-1) of a colour, as HSL has them. */
function hueOf(colour: string): { hue: number; saturation: number } {
  const [r, g, b] = rgbOf(colour).map((channel) => channel / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  const lightness = (max + min) / 2;
  const saturation = delta === 0 ? 0 : delta / (1 - Math.abs(2 * lightness - 1));
  if (delta === 0) return { hue: 0, saturation };
  const hue =
    max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return { hue: (hue * 60 + 360) % 360, saturation };
}

afterEach(() => vi.restoreAllMocks());

describe('contrast helper', () => {
  it('gives the known WCAG ratios', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
  });
});

// --- the badge -------------------------------------------------------------------------------

const amberReason = {
  StateReasonCode: 'amber',
  StateReasonParams: { availableMinutes: 11.5, neededMinutes: 8, reachedStop: true },
  StateReason: '11.5 min available, 8 min needed',
};

/** Spec: R red, A amber, G green, M blue, Y yellow, anything else grey. */
const cases = [
  { code: 'R', name: 'RED', letter: 'R', hue: (h: number) => h < 15 || h > 345 },
  { code: 'A', name: 'AMBER', letter: 'A', hue: (h: number) => h >= 25 && h < 45 },
  { code: 'G', name: 'GREEN', letter: 'G', hue: (h: number) => h >= 90 && h <= 160 },
  { code: 'M', name: 'BLUE', letter: 'B', hue: (h: number) => h >= 190 && h <= 250 },
  { code: 'Y', name: 'YELLOW', letter: 'Y', hue: (h: number) => h >= 43 && h <= 62 },
];

const badge = (name: RegExp | string) => screen.getByRole('img', { name });

describe('StateBadge', () => {
  it.each(cases)(
    '$code: $name in its colour, the letter $letter, named with the reason',
    ({ code, name, letter, hue }) => {
      renderWithProviders(<StateBadge row={{ State: code, ...amberReason }} />);

      const shown = badge(`${name}: 11.5 min available, 8 min needed: tight`);
      expect(shown).toHaveAttribute('data-state', code);
      expect(shown).toHaveTextContent(new RegExp(`^${letter}$`));
      const colour = hueOf(shown.style.backgroundColor);
      expect(colour.saturation).toBeGreaterThan(0.5);
      expect(hue(colour.hue)).toBe(true);
      expect(contrast(shown.style.color, shown.style.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each([['X'], [''], [null], [undefined], [3]])(
    'draws any other state (%j) grey, with a dash, named NO STATE',
    (state) => {
      renderWithProviders(<StateBadge row={{ State: state }} />);

      const shown = badge('NO STATE');
      expect(shown).toHaveAttribute('data-state', 'other');
      expect(shown).toHaveTextContent(/^–$/);
      expect(hueOf(shown.style.backgroundColor).saturation).toBeLessThan(0.15);
      expect(contrast(shown.style.color, shown.style.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('shows the long name in the name variant', () => {
    renderWithProviders(<StateBadge variant="name" row={{ State: 'M', ...amberReason }} />);
    expect(badge(/^BLUE: /)).toHaveTextContent(/^BLUE$/);
  });

  it('falls back to the server’s reason text for a code this browser does not know', () => {
    renderWithProviders(
      <StateBadge
        row={{
          State: 'R',
          StateReasonCode: 'somethingNew',
          StateReasonParams: {},
          StateReason: 'Plant closed for maintenance',
        }}
      />,
    );
    expect(badge('RED: Plant closed for maintenance')).toBeInTheDocument();
  });

  it('translates the reason’s parameters (MINUTES_MORE when the mix never reached its stop)', () => {
    renderWithProviders(
      <StateBadge
        row={{
          State: 'G',
          StateReasonCode: 'green',
          StateReasonParams: { availableMinutes: 40, neededMinutes: 8, reachedStop: false },
          StateReason: 'ignored',
        }}
      />,
    );
    expect(badge('GREEN: More than 40.0 min available, 8 min needed: good')).toBeInTheDocument();
  });

  it('is named by the state alone without a reason', () => {
    renderWithProviders(<StateBadge row={{ State: 'Y' }} />);
    expect(badge('YELLOW')).toBeInTheDocument();
  });

  /**
   * jsdom lays nothing out: the viewport and every element are 0×0 boxes, which the tooltip's
   * positioning (floating-ui's hide middleware) takes for a badge scrolled out of view, and it
   * hides the tooltip once its position is computed. Give the page and the badge real boxes.
   */
  const laidOut = (element: HTMLElement) => {
    const page = document.documentElement;
    vi.spyOn(page, 'clientWidth', 'get').mockReturnValue(1024);
    vi.spyOn(page, 'clientHeight', 'get').mockReturnValue(768);
    vi.spyOn(element, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 200, y: 150, width: 24, height: 22 }),
    );
    return element;
  };

  /** The tooltip, once shown and after its position settled (it stays shown). */
  async function shownTooltip() {
    const tooltip = await screen.findByRole('tooltip');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tooltip).toBeVisible();
    return tooltip;
  }

  it('shows the name and reason in a tooltip on hover', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StateBadge row={{ State: 'A', ...amberReason }} />);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.hover(laidOut(badge(/^AMBER/)));

    expect(await shownTooltip()).toHaveTextContent(
      'AMBER: 11.5 min available, 8 min needed: tight',
    );
    await user.unhover(badge(/^AMBER/));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('shows the tooltip when focused from the keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StateBadge row={{ State: 'R', ...amberReason }} />);
    laidOut(badge(/^RED/));

    await user.tab();

    expect(badge(/^RED/)).toHaveFocus();
    expect(await shownTooltip()).toHaveTextContent('RED: 11.5 min available, 8 min needed: tight');
  });
});

describe('state styles', () => {
  const every = [...Object.values(stateStyles), otherStateStyle];

  it.each(every.map((style) => [style.nameKey, style] as const))(
    '%s: text on its background has a contrast of at least 4.5:1',
    (_key, style) => {
      expect(contrast(style.foreground, style.background)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('gives each code its own colour and letter', () => {
    const codes = ['R', 'A', 'G', 'M', 'Y', 'other'];
    const styles = codes.map((code) => stateStyle(code));
    expect(new Set(styles.map((style) => style.background)).size).toBe(codes.length);
    expect(styles.map((style) => style.letter)).toEqual(['R', 'A', 'G', 'B', 'Y', '–']);
  });
});
