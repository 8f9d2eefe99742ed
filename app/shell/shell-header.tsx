import { Anchor, Burger, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker, MainMenu } from '#platform/ui';
import { UserMenu } from './user-menu';

interface ShellHeaderProps {
  compact: boolean;
  /** False on phones, where the language picker is in the navigation drawer. */
  withLanguage?: boolean;
  navigationOpened: boolean;
  onToggleNavigation: () => void;
}

export function ShellHeader({
  compact,
  withLanguage = true,
  navigationOpened,
  onToggleNavigation,
}: ShellHeaderProps) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" gap="md" justify="space-between" wrap="nowrap">
      <Group gap="md" wrap="nowrap" miw={0}>
        {compact && (
          <Burger
            opened={navigationOpened}
            onClick={onToggleNavigation}
            size="sm"
            aria-label={t('SHELL.TOGGLE_NAVIGATION')}
          />
        )}
        <Anchor
          component={Link}
          to="/"
          fw={700}
          fz={compact ? 'md' : 'lg'}
          lh={1.2}
          c="inherit"
          underline="never"
          // On a narrow screen the name takes two lines rather than shrinking to "A…".
          lineClamp={compact ? 2 : undefined}
          truncate={!compact}
        >
          {t('APP.TITLE')}
        </Anchor>
        {!compact && <MainMenu />}
      </Group>
      <Group gap="sm" wrap="nowrap">
        {withLanguage && <LanguagePicker w={compact ? 140 : 200} size="sm" />}
        <UserMenu compact={compact} />
      </Group>
    </Group>
  );
}
