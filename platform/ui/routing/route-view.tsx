import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import type { RouteDefinition } from '#metadata';
import { usePageReveal } from '../http';
import { recordVisit } from './navigation-history';
import { CurrentRouteContext } from './route-definitions-context';
import { usePageTitle } from './page-title';
import type { ScreenComponent } from './screen-registry';

export interface RouteViewProps {
  definition: RouteDefinition;
  screen: ScreenComponent;
}

/** Placeholder while a lazy screen or a route's guard is pending. */
export function RouteLoading() {
  return (
    <Center mih={200}>
      <Loader type="dots" />
    </Center>
  );
}

/** One opened route: its screen, its page title, and a record of the visit. */
export function RouteView({ definition, screen: Screen }: RouteViewProps) {
  const location = useLocation();
  const url = `${location.pathname}${location.search}${location.hash}`;
  const reveal = usePageReveal((state) => state.reveal);
  usePageTitle(definition.Title);

  useEffect(() => recordVisit(url), [url]);
  useEffect(() => reveal(), [reveal]);

  return (
    <CurrentRouteContext.Provider value={definition}>
      <Suspense fallback={<RouteLoading />}>
        <Screen key={location.pathname} />
      </Suspense>
    </CurrentRouteContext.Provider>
  );
}
