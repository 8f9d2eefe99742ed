import { MantineProvider } from '@mantine/core';
import { RouterProvider, type DataRouter } from 'react-router';
import { CookieBanner, DialogHost } from '#platform/ui';
import { PageRevealOverlay } from './shell/page-reveal-overlay';
import { theme } from './theme';

export function AppRoot({ router }: { router: DataRouter }) {
  return (
    <MantineProvider theme={theme}>
      <PageRevealOverlay />
      <RouterProvider router={router} />
      <CookieBanner />
      <DialogHost />
    </MantineProvider>
  );
}
