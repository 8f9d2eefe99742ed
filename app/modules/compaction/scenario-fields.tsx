import {
  Fieldset,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  type SwitchProps,
} from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { baseTypes, mixTypes } from '#metadata';
import { isBaseType, isMixType, type InputField, type Scenario } from './scenario';
import { SliderNumberField } from './slider-number-field';

export type FieldMessages = Partial<Record<InputField, string>>;

interface ScenarioFieldsProps {
  scenario: Scenario;
  /** The scenario's colour, for its sliders and switches. */
  color: string;
  errors: FieldMessages;
  onChange: (patch: Partial<Scenario>) => void;
}

/** A switch with a hint below, read as its description rather than as part of its name. */
function HintedSwitch({ hint, ...props }: SwitchProps & { hint: string }) {
  const hintId = useId();
  return (
    <div>
      <Switch {...props} aria-describedby={hintId} />
      <Text id={hintId} size="xs" c="dimmed" pl={50}>
        {hint}
      </Text>
    </div>
  );
}

function Legend({ children }: { children: string }) {
  return (
    <Text span fz="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
      {children}
    </Text>
  );
}

export function ScenarioFields({ scenario, color, errors, onChange }: ScenarioFieldsProps) {
  const { t } = useTranslation();
  const mixOptions = mixTypes.map((type) => ({
    value: type,
    label: t(`COMPACTION.MIX_TYPE.${type}`),
  }));
  const baseOptions = baseTypes.map((type) => ({
    value: type,
    label: t(`COMPACTION.BASE_TYPE.${type}`),
  }));

  return (
    <Stack gap="lg">
      <Fieldset variant="unstyled" legend={<Legend>{t('COMPACTION.LIFT')}</Legend>}>
        <Stack gap="sm">
          <SliderNumberField
            color={color}
            label={t('COMPACTION.THICKNESS')}
            value={scenario.ThicknessMm}
            onChange={(ThicknessMm) => onChange({ ThicknessMm })}
            min={10}
            max={300}
            sliderMax={150}
            error={errors.ThicknessMm}
          />
          <SliderNumberField
            color={color}
            label={t('COMPACTION.LAYING_TEMPERATURE')}
            value={scenario.LayingTemperature}
            onChange={(LayingTemperature) => onChange({ LayingTemperature })}
            min={40}
            max={250}
            sliderMin={80}
            sliderMax={200}
            error={errors.LayingTemperature}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <Select
              label={t('COMPACTION.MIX_TYPE')}
              data={mixOptions}
              value={scenario.MixType}
              onChange={(value) => isMixType(value) && onChange({ MixType: value })}
              allowDeselect={false}
              error={errors.MixType}
            />
            <NumberInput
              label={t('COMPACTION.STOP_TEMPERATURE')}
              description={t('COMPACTION.STOP_TEMPERATURE_HINT')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={scenario.StopTemperature}
              onChange={(StopTemperature) => onChange({ StopTemperature })}
              min={20}
              max={200}
              clampBehavior="none"
              error={errors.StopTemperature}
            />
          </SimpleGrid>
          <HintedSwitch
            color={color}
            label={t('COMPACTION.WARM_MIX')}
            hint={t('COMPACTION.WARM_MIX_HINT')}
            checked={scenario.WarmMixAdditive}
            onChange={(event) => onChange({ WarmMixAdditive: event.currentTarget.checked })}
            error={errors.WarmMixAdditive}
          />
        </Stack>
      </Fieldset>

      <Fieldset variant="unstyled" legend={<Legend>{t('COMPACTION.WEATHER')}</Legend>}>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="sm">
          <NumberInput
            label={t('COMPACTION.AIR_TEMPERATURE')}
            value={scenario.AirTemperature}
            onChange={(AirTemperature) => onChange({ AirTemperature })}
            min={-40}
            max={50}
            clampBehavior="none"
            error={errors.AirTemperature}
          />
          <NumberInput
            label={t('COMPACTION.WIND_SPEED')}
            value={scenario.WindSpeedKmh}
            onChange={(WindSpeedKmh) => onChange({ WindSpeedKmh })}
            min={0}
            max={200}
            clampBehavior="none"
            allowNegative={false}
            error={errors.WindSpeedKmh}
          />
          <NumberInput
            label={t('COMPACTION.CLOUD_COVER')}
            value={scenario.CloudCoverPercent}
            onChange={(CloudCoverPercent) => onChange({ CloudCoverPercent })}
            min={0}
            max={100}
            step={10}
            clampBehavior="none"
            allowNegative={false}
            error={errors.CloudCoverPercent}
          />
        </SimpleGrid>
      </Fieldset>

      <Fieldset variant="unstyled" legend={<Legend>{t('COMPACTION.BASE')}</Legend>}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
          <Select
            label={t('COMPACTION.BASE_TYPE')}
            data={baseOptions}
            value={scenario.BaseType}
            onChange={(value) => isBaseType(value) && onChange({ BaseType: value })}
            allowDeselect={false}
            error={errors.BaseType}
          />
          <Stack gap={8}>
            <NumberInput
              label={t('COMPACTION.BASE_TEMPERATURE')}
              value={scenario.BaseSameAsAir ? scenario.AirTemperature : scenario.BaseTemperature}
              onChange={(BaseTemperature) => onChange({ BaseTemperature })}
              disabled={scenario.BaseSameAsAir}
              min={-40}
              max={80}
              clampBehavior="none"
              error={errors.BaseTemperature}
            />
            <Switch
              color={color}
              size="sm"
              label={t('COMPACTION.BASE_SAME_AS_AIR')}
              checked={scenario.BaseSameAsAir}
              onChange={(event) =>
                onChange({
                  BaseSameAsAir: event.currentTarget.checked,
                  BaseTemperature: scenario.AirTemperature,
                })
              }
            />
          </Stack>
          <Switch
            color={color}
            label={t('COMPACTION.BASE_WET')}
            checked={scenario.BaseWet}
            onChange={(event) => onChange({ BaseWet: event.currentTarget.checked })}
            error={errors.BaseWet}
          />
          <HintedSwitch
            color={color}
            label={t('COMPACTION.BASE_FROZEN')}
            hint={t('COMPACTION.BASE_FROZEN_HINT')}
            checked={scenario.BaseFrozen}
            onChange={(event) => onChange({ BaseFrozen: event.currentTarget.checked })}
            error={errors.BaseFrozen}
          />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
