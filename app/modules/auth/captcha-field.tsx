import type {} from 'altcha/types/react';
import { Stack, Text } from '@mantine/core';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authPaths } from '#platform/ui';
import { captchaLanguage, loadCaptchaWidget, registerCaptchaTexts } from './captcha-widget';

interface CaptchaFieldProps {
  /** The verified payload, or null when unverified, expired or failed. */
  onChange: (payload: string | null) => void;
}

interface StateChange {
  state?: string;
  payload?: string | null;
}

const widgetConfiguration = JSON.stringify({ hideFooter: true });

/** The proof-of-work captcha (ALTCHA): the user ticks it, the browser does the work. */
export function CaptchaField({ onChange }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const widget = useRef<HTMLElement>(null);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const report = useEffectEvent(onChange);

  useEffect(() => {
    loadCaptchaWidget().then(
      () => setLoaded(true),
      (error: unknown) => {
        console.error('The captcha widget could not be loaded.', error);
        setFailed(true);
      },
    );
  }, []);

  useEffect(() => {
    if (loaded) registerCaptchaTexts(t);
  }, [loaded, t]);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange | undefined>).detail ?? {};
      report(state === 'verified' && payload ? payload : null);
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, []);

  return (
    <Stack gap={4} role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500}>
        {t('PAGES.LOGIN.CAPTCHA')}
      </Text>
      <altcha-widget
        ref={widget}
        challenge={authPaths.captchaChallenge}
        language={captchaLanguage}
        configuration={widgetConfiguration}
      />
      {failed && (
        <Text size="sm" c="red" role="alert">
          {t('PAGES.LOGIN.CAPTCHA_UNAVAILABLE')}
        </Text>
      )}
    </Stack>
  );
}
