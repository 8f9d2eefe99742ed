import { Group, Radio, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useId } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { minThickness } from '#platform/core';
import {
  snappedTemperature,
  snappedThickness,
  stepTemperature,
  stepThickness,
  type TemperatureRange,
} from './input-rules';
import { SnappedNumberField } from './snapped-number-field';

/** The inputs staff amend; null is "leave unchanged" (amend selected). */
export interface DeliveryInputValues {
  OutputTemperature: number | null;
  Thickness: number | null;
  EvoThermAllowed: boolean | null;
}

export type DeliveryInputField = keyof DeliveryInputValues;

export interface DeliveryInputFieldsProps {
  values: DeliveryInputValues;
  onChange: (patch: Partial<DeliveryInputValues>) => void;
  range: TemperatureRange;
  /** Each field may be left empty, meaning unchanged (amend selected). */
  optional?: boolean;
  /** Side by side where there is room (the delivery page), else one under the other. */
  layout?: 'row' | 'column';
  /** Why the additive cannot be changed; null when it can. */
  additiveRefusal?: string | null;
  /** Says the temperature's range in place of the usual hint (a selection's strictest). */
  temperatureHint?: string;
  /** Why the temperature cannot be set (ranges that do not meet); null when it can. */
  temperatureRefusal?: string | null;
  /** The server's messages per field (already translated). */
  errors?: Partial<Record<DeliveryInputField, string>>;
  readOnly?: boolean;
}

function rangeHint(range: TemperatureRange, t: TFunction) {
  if (range.min !== null && range.max !== null) {
    return t('DELIVERY.INPUT.TEMPERATURE_HINT', { min: range.min, max: range.max });
  }
  return t('DELIVERY.INPUT.TEMPERATURE_STEP_HINT');
}

function AdditiveChoice(props: DeliveryInputFieldsProps & { disabled: boolean; hint: string }) {
  const { t } = useTranslation();
  const { values, onChange, disabled, hint } = props;
  const value = values.EvoThermAllowed === null ? 'unchanged' : String(values.EvoThermAllowed);
  return (
    <Radio.Group
      label={t('DELIVERY.EVOTHERM_ALLOWED')}
      description={hint}
      value={value}
      onChange={(next) =>
        onChange({ EvoThermAllowed: next === 'unchanged' ? null : next === 'true' })
      }
      error={props.errors?.EvoThermAllowed}
    >
      <Group gap="md" mt={6}>
        <Radio value="unchanged" label={t('DELIVERY.INPUT.UNCHANGED')} disabled={disabled} />
        <Radio value="true" label={t('DELIVERY.INPUT.ADDITIVE_YES')} disabled={disabled} />
        <Radio value="false" label={t('DELIVERY.INPUT.ADDITIVE_NO')} disabled={disabled} />
      </Group>
    </Radio.Group>
  );
}

/**
 * Output temperature, thickness and the warm-mix additive, with the spec's snapping and
 * messages: the delivery page edits one delivery, the amend dialog a selection.
 */
export function DeliveryInputFields(props: DeliveryInputFieldsProps) {
  const { t } = useTranslation();
  const { values, onChange, range, optional, errors, readOnly, additiveRefusal } = props;
  const additiveLocked = readOnly || (!!additiveRefusal && values.EvoThermAllowed !== true);
  const additiveHint = additiveRefusal ?? t('DELIVERY.INPUT.ADDITIVE_HINT');
  const hintId = useId();
  const numbers = (
    <>
      <SnappedNumberField
        label={t('DELIVERY.OUTPUT_TEMPERATURE')}
        value={values.OutputTemperature}
        onChange={(OutputTemperature) => onChange({ OutputTemperature })}
        snap={(value) => snappedTemperature(value, range, t)}
        step={stepTemperature}
        start={range.min ?? range.max ?? 140}
        optional={optional}
        hint={props.temperatureRefusal ?? props.temperatureHint ?? rangeHint(range, t)}
        error={errors?.OutputTemperature}
        disabled={!!props.temperatureRefusal}
        readOnly={readOnly}
      />
      <SnappedNumberField
        label={t('DELIVERY.THICKNESS')}
        value={values.Thickness}
        onChange={(Thickness) => onChange({ Thickness })}
        snap={(value) => snappedThickness(value, t)}
        step={stepThickness}
        start={minThickness}
        optional={optional}
        hint={t('DELIVERY.INPUT.THICKNESS_HINT')}
        error={errors?.Thickness}
        readOnly={readOnly}
      />
    </>
  );

  return (
    <Stack gap="md">
      {props.layout === 'row' ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {numbers}
        </SimpleGrid>
      ) : (
        numbers
      )}
      {optional ? (
        <AdditiveChoice {...props} disabled={additiveLocked} hint={additiveHint} />
      ) : (
        <div>
          <Switch
            label={t('DELIVERY.EVOTHERM_ALLOWED')}
            checked={values.EvoThermAllowed === true}
            onChange={(event) => onChange({ EvoThermAllowed: event.currentTarget.checked })}
            disabled={additiveLocked}
            error={errors?.EvoThermAllowed}
            aria-describedby={hintId}
          />
          {/* Beside the switch, not in its label, so it describes the switch without naming it. */}
          <Text id={hintId} size="xs" c="dimmed" pl={50}>
            {additiveHint}
          </Text>
        </div>
      )}
    </Stack>
  );
}
