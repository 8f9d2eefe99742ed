import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { createRoot } from 'react-dom/client';
import { appI18n, installGlobalErrorLogging } from '#platform/ui';
import { AppRoot } from './app-root';
import { configureHttpForApp, startApp } from './start-up';

installGlobalErrorLogging();
configureHttpForApp();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// Until start-up finishes, the static spinner of index.html stands in for the overlay.
startApp().then(
  (router) => createRoot(container).render(<AppRoot router={router} />),
  (error: unknown) => {
    console.error('The application could not start.', error);
    const fallback = 'The application could not start. Please reload the page.';
    container.textContent = appI18n.isInitialized
      ? appI18n.t('SHELL.START_FAILED', { defaultValue: fallback })
      : fallback;
  },
);
