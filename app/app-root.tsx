import { MantineProvider } from '@mantine/core';
import { RouterProvider, type DataRouter } from 'react-router';
import { CookieBanner, DialogHost } from '#platform/ui';
import { PageRevealOverlay } from './shell/page-reveal-overlay';
import { cssVariablesResolver, theme } from './theme';

export function AppRoot({ router }: { router: DataRouter }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <PageRevealOverlay />
      <RouterProvider router={router} />
      <CookieBanner />
      <DialogHost />
    </MantineProvider>
  );
}
