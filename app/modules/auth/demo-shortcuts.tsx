import { Button, Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readLoginOptions, type LoginOptions } from '#platform/ui';
import type { Credentials } from './use-sign-in';

interface DemoShortcutsProps {
  disabled: boolean;
  onSignIn: (credentials: Credentials) => void;
}

/** One-click sign-in as each demo account; shown only while the server is in demo mode. */
export function DemoShortcuts({ disabled, onSignIn }: DemoShortcutsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [options, setOptions] = useState<LoginOptions | null>(null);

  useEffect(() => {
    let current = true;
    void readLoginOptions().then((loaded) => {
      if (current) setOptions(loaded);
    });
    return () => {
      current = false;
    };
  }, []);

  const password = options?.DemoPassword;
  if (!options || options.DemoAccounts.length === 0 || !password) return null;

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Divider />
      <Title order={2} size="h4" id={headingId}>
        {t('PAGES.LOGIN.DEMO.HEADING')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('PAGES.LOGIN.DEMO.INTRO')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {options.DemoAccounts.map((account) => (
          <Button
            key={account.Name}
            variant="default"
            h="auto"
            py={6}
            justify="flex-start"
            disabled={disabled}
            onClick={() => onSignIn({ user: account.Name, password, save: false })}
            styles={{ label: { flexDirection: 'column', alignItems: 'flex-start' } }}
          >
            <Text span fw={600} size="sm">
              {account.Name}
            </Text>{' '}
            <Text span size="xs" c="dimmed" style={{ whiteSpace: 'normal', textAlign: 'start' }}>
              {account.Description}
            </Text>
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
