import { Group, NumberInput, Slider } from '@mantine/core';
import { numberIn, type NumberValue } from './scenario';

export interface SliderNumberFieldProps {
  label: string;
  color?: string;
  value: NumberValue;
  onChange: (value: NumberValue) => void;
  min: number;
  max: number;
  step?: number;
  /** Where the slider's range ends, when the sensible range is narrower than the allowed one. */
  sliderMin?: number;
  sliderMax?: number;
  error?: string;
  description?: string;
}

/** A number input with a slider beside it, both showing and changing the same value. */
export function SliderNumberField({
  label,
  color,
  value,
  onChange,
  min,
  max,
  step = 1,
  sliderMin = min,
  sliderMax = max,
  error,
  description,
}: SliderNumberFieldProps) {
  const sliderValue = Math.min(Math.max(numberIn(value) ?? sliderMin, sliderMin), sliderMax);
  return (
    <NumberInput
      label={label}
      description={description}
      value={value}
      onChange={onChange}
      min={min}
      max={max}
      step={step}
      clampBehavior="none"
      error={error}
      w="100%"
      inputContainer={(input) => (
        <Group gap="md" wrap="nowrap" align="center">
          <div style={{ width: 96, flex: 'none' }}>{input}</div>
          <Slider
            flex={1}
            color={color}
            value={sliderValue}
            onChange={onChange}
            min={sliderMin}
            max={sliderMax}
            step={step}
            thumbLabel={label}
            label={null}
          />
        </Group>
      )}
    />
  );
}
