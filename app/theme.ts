import { createTheme, type CSSVariablesResolver, Notification } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 for filled controls, links and coloured text: indigo.6 carries white text at
  // 4.3:1, under WCAG AA's 4.5:1; indigo.7 at 5.0:1, and every colour's text shade moves with it.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // A toast's text under its title is gray.6 in Mantine's styles: 3.3:1 on white.
    Notification: Notification.extend({
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    }),
  },
});

/**
 * Dimmed text (hints, descriptions) one shade darker than Mantine's gray.6, which reads at
 * 3.3:1 on white: under WCAG AA's 4.5:1 for text (axe-core's color-contrast).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
