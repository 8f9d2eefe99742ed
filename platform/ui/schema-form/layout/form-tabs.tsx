import { Box, Tabs } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useReveal } from './reveal';

export interface FormTab {
  value: string;
  label: string;
  /** Marks the tab (in red, and in its accessible name) when a field in it is in error. */
  hasErrors: boolean;
  content: ReactNode;
}

interface FormTabsProps {
  tabs: readonly FormTab[];
  active: string;
  onActivate(value: string): void;
  /** The accessible name of the tab list. */
  label?: string;
}

const ErrorDot = () => <Box w={8} h={8} bg="red.7" style={{ borderRadius: '50%' }} />;

/**
 * Tabs of a form: the arrow keys move between them (Mantine's tabs), a tab holding a field in
 * error is marked, and a field about to take the focus (the first in error, a link of the
 * error area) brings its tab forward. Every panel stays mounted (hidden by `display: none`) so
 * its fields keep their state, show their errors and can be found to take the focus.
 */
export function FormTabs({ tabs, active, onActivate, label }: FormTabsProps) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const panels = useRef(new Map<string, HTMLElement>());
  useReveal(
    root,
    (target) => [...panels.current].find(([, panel]) => panel.contains(target))?.[0],
    onActivate,
  );
  const value = tabs.some((tab) => tab.value === active) ? active : tabs[0]?.value;

  return (
    <Tabs
      ref={root}
      value={value ?? null}
      onChange={(next) => next !== null && onActivate(next)}
      keepMounted
      keepMountedMode="display-none"
    >
      <Tabs.List aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            c={tab.hasErrors ? 'red.8' : undefined}
            rightSection={tab.hasErrors ? <ErrorDot /> : undefined}
            aria-label={tab.hasErrors ? t('FORM.TAB_WITH_ERRORS', { tab: tab.label }) : undefined}
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel
          key={tab.value}
          value={tab.value}
          pt="md"
          ref={(panel) => {
            if (panel) panels.current.set(tab.value, panel);
            return () => {
              panels.current.delete(tab.value);
            };
          }}
        >
          {tab.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
