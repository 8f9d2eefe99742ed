import { Anchor, AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguagePicker, MainMenu } from '#platform/ui';
import { IdleSessionWatcher } from './idle-session-watcher';
import { ShellHeader } from './shell-header';
import classes from './skip-link.module.css';

const compactQuery = '(max-width: 62em)';
/** Phones: the language picker moves from the header into the navigation drawer. */
const narrowQuery = '(max-width: 36em)';

export function ShellLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const compact = useMediaQuery(compactQuery) ?? false;
  const narrow = useMediaQuery(narrowQuery) ?? false;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'md', collapsed: { mobile: !opened, desktop: true } }}
      padding="lg"
    >
      <Anchor href="#main-content" className={classes.skipLink}>
        {t('SHELL.SKIP_TO_CONTENT')}
      </Anchor>
      <AppShell.Header>
        <ShellHeader
          compact={compact}
          withLanguage={!narrow}
          navigationOpened={opened}
          onToggleNavigation={toggle}
        />
      </AppShell.Header>
      {compact && (
        // Scrolls: an administrator's menu is taller than a phone (Schedule is its last item).
        <AppShell.Navbar p="sm" style={{ overflowY: 'auto' }}>
          {narrow && <LanguagePicker size="sm" mb="sm" />}
          <MainMenu orientation="vertical" onNavigate={close} />
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main-content" tabIndex={-1} pb={120}>
        <Outlet />
      </AppShell.Main>
      <IdleSessionWatcher />
    </AppShell>
  );
}
