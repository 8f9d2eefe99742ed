import { lazy } from 'react';
import { loginAuditEntity } from '#metadata';
import type { ModuleManifest } from '#platform/ui';
import { LoginEventCell, LoginResultCell } from './login-result-cell';

const LoginAuditScreen = lazy(() =>
  import('./login-audit-screen').then((screen) => ({ default: screen.LoginAuditScreen })),
);
const RoutesOverviewScreen = lazy(() =>
  import('./routes-overview-screen').then((screen) => ({ default: screen.RoutesOverviewScreen })),
);
const WebServicesScreen = lazy(() =>
  import('./web-services-screen').then((screen) => ({ default: screen.WebServicesScreen })),
);

/** The login audit with its chart, the routes overview and the list of web services. */
export const auditScreensManifest: ModuleManifest = {
  name: 'audit-screens',
  screens: {
    loginAudit: LoginAuditScreen,
    routesOverview: RoutesOverviewScreen,
    webServices: WebServicesScreen,
  },
  entityExtensions: {
    [loginAuditEntity.name]: {
      cells: {
        LoginResult: (value) => <LoginResultCell value={value} />,
        Event: (value) => <LoginEventCell value={value} />,
      },
    },
  },
};
