import { Button, Collapse } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface AdvancedPartProps {
  /** Shown; `onToggle` asks for the other state. */
  open: boolean;
  onToggle: (open: boolean) => void;
  children: ReactNode;
}

/**
 * What a designer keeps out of a user's way (an expression, a field's name): an "Advanced"
 * button that shows it and says so to screen readers, the part kept mounted while hidden.
 *
 * @example <AdvancedPart open={shown} onToggle={setShown}><TextInput ... /></AdvancedPart>
 */
export function AdvancedPart({ open, onToggle, children }: AdvancedPartProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <Button
        // Dark text on its own light face: the theme's blue on grey falls short of 4.5:1.
        variant="default"
        size="compact-sm"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => onToggle(!open)}
        aria-expanded={open}
        aria-controls={id}
      >
        {t(open ? 'DESIGNER_KIT.ADVANCED_HIDE' : 'DESIGNER_KIT.ADVANCED')}
      </Button>
      <Collapse expanded={open} id={id} keepMountedMode="display-none">
        {children}
      </Collapse>
    </>
  );
}
