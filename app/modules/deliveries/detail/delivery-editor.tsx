import { Alert, Button, Divider, Grid, Group, Paper, Stack } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryMessages } from '#metadata';
import {
  DeliveryInputFields,
  type DeliveryInputField,
  type DeliveryInputValues,
} from '../inputs/delivery-input-fields';
import type { Suggestion } from '#metadata';
import { askWhatIf, type DeliveryRow, type WhatIfRequest } from './delivery-api';
import type { DeliveryAccess } from './delivery-access';
import { DeliveryCurve } from './delivery-curve';
import { DeliveryDetails } from './delivery-details';
import { DeliveryForecast } from './delivery-forecast';
import { DeliveryHeading } from './delivery-heading';
import { DeliveryStatePanel } from './delivery-state-panel';
import { DeliverySuggestions } from './delivery-suggestions';
import { failureText, fieldMessages } from './save-failure';
import { useLatestAnswer } from './use-latest-answer';
import { useLeaveDelivery } from './use-leave-delivery';

/** How long the inputs rest before the state is asked for again. */
export const whatIfDelayMs = 300;

type FieldMessages = Partial<Record<DeliveryInputField, string>>;

const inputsOf = (delivery: DeliveryRow): DeliveryInputValues => ({
  OutputTemperature: delivery.OutputTemperature ?? null,
  Thickness: delivery.Thickness ?? null,
  EvoThermAllowed: delivery.EvoThermAllowed ?? false,
});

function requestOf(delivery: DeliveryRow, inputs: DeliveryInputValues): WhatIfRequest | null {
  const { OutputTemperature, Thickness } = inputs;
  if (!(delivery.Id > 0) || OutputTemperature === null || Thickness === null) return null;
  return {
    Id: delivery.Id,
    OutputTemperature,
    Thickness,
    EvoThermAllowed: !!inputs.EvoThermAllowed,
  };
}

export interface DeliveryEditorProps {
  delivery: DeliveryRow;
  access: DeliveryAccess;
  reload: () => void;
}

/**
 * One delivery: its state and minutes with the inputs that change them (each adjustment asks
 * SetNewState at once), the cooling curve, what would make it workable, the forecast and the
 * delivery's details; Apply and Cancel leave.
 */
export function DeliveryEditor({ delivery, access, reload }: DeliveryEditorProps) {
  const { t } = useTranslation();
  const [inputs, setInputs] = useState(() => inputsOf(delivery));
  const [changed, setChanged] = useState(false);
  const [saveErrors, setSaveErrors] = useState<FieldMessages>({});
  const request = requestOf(delivery, inputs);
  const whatIf = useLatestAnswer(request, askWhatIf, whatIfDelayMs);
  const shown = whatIf.answer ?? delivery;
  const limits = { min: delivery.MinMixTemp ?? null, max: delivery.MaxMixTemp ?? null };
  const whatIfErrors = fieldMessages(whatIf.failure, t, limits);
  const errors = { ...whatIfErrors, ...saveErrors };
  const whatIfFailure =
    whatIf.failure === undefined || Object.keys(whatIfErrors).length > 0
      ? null
      : failureText(whatIf.failure, t, t('DELIVERY.PAGE.STATE_FAILED'));
  const { apply, cancel, saving } = useLeaveDelivery({
    delivery,
    inputs: access.editable ? request : null,
    changed,
    reload,
    onFieldErrors: setSaveErrors,
  });

  const adjust = useCallback((patch: Partial<DeliveryInputValues>) => {
    setInputs((current) => ({ ...current, ...patch }));
    setChanged(true);
    setSaveErrors({});
  }, []);
  const applySuggestion = useCallback(
    ({ OutputTemperature, Thickness, EvoThermAllowed }: Suggestion) =>
      adjust({ OutputTemperature, Thickness, EvoThermAllowed }),
    [adjust],
  );
  const readOnly = !access.editable;

  return (
    <Stack gap="lg" maw={1400}>
      <DeliveryHeading delivery={delivery} blank={access.blank} />
      {access.notMine && (
        <Alert color="yellow" variant="light">
          {t(deliveryMessages.notMine)}
        </Alert>
      )}
      {readOnly && !access.notMine && (
        <Alert color="gray" variant="light">
          {t(access.blank ? 'DELIVERY.PAGE.BLANK' : 'DELIVERY.PAGE.READ_ONLY')}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <Paper
              withBorder
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-label={t('DELIVERY.PAGE.STATE_SECTION')}
            >
              <Stack gap="md">
                <DeliveryStatePanel
                  delivery={shown}
                  pending={whatIf.pending && whatIf.answer !== null}
                  failure={whatIfFailure}
                  retry={whatIf.retry}
                />
                <Divider />
                <DeliveryInputFields
                  values={inputs}
                  onChange={adjust}
                  range={limits}
                  layout="row"
                  additiveRefusal={
                    delivery.CanAddEvotherm === false ? t(deliveryMessages.additiveRefused) : null
                  }
                  errors={errors}
                  readOnly={readOnly}
                />
                <Group justify="flex-end" gap="sm">
                  {readOnly ? (
                    <Button variant="default" onClick={cancel}>
                      {t('DELIVERY.PAGE.BACK')}
                    </Button>
                  ) : (
                    <>
                      <Button variant="default" onClick={cancel} disabled={saving}>
                        {t('DELIVERY.PAGE.CANCEL')}
                      </Button>
                      <Button onClick={apply} loading={saving}>
                        {t('DELIVERY.PAGE.APPLY')}
                      </Button>
                    </>
                  )}
                </Group>
              </Stack>
            </Paper>
            <DeliverySuggestions
              delivery={shown}
              asked={whatIf.answer ? whatIf.answerFor : null}
              editable={access.editable}
              onApply={applySuggestion}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} h="100%">
            <DeliveryCurve delivery={shown} additive={shown.CanAddEvotherm === true} />
          </Paper>
        </Grid.Col>
      </Grid>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <DeliveryForecast delivery={shown} />
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <DeliveryDetails delivery={shown} />
      </Paper>
    </Stack>
  );
}
