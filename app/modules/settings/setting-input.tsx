import { NumberInput, Select, Switch, Text, TextInput } from '@mantine/core';
import type { SettingDefinition } from '#metadata';
import { useTranslation } from 'react-i18next';

interface SettingInputProps {
  setting: SettingDefinition;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
}

interface Choice {
  const: string | number;
  title: string;
}

const typesOf = (setting: SettingDefinition): string[] => {
  const type = setting.schema.type;
  return Array.isArray(type) ? (type as string[]) : [String(type)];
};

/** A number with its unit beside it; empty is null when the schema allows null. */
function NumberSetting({ setting, value, onChange, error }: SettingInputProps) {
  const { t } = useTranslation();
  const { minimum, maximum } = setting.schema as { minimum?: number; maximum?: number };
  const nullable = typesOf(setting).includes('null');
  const unit = setting.unit ? t(setting.unit) : null;
  return (
    <NumberInput
      label={t(setting.title)}
      description={setting.description ? t(setting.description) : undefined}
      value={typeof value === 'number' ? value : ''}
      onChange={(next) => onChange(typeof next === 'number' ? next : nullable ? null : next)}
      min={minimum}
      max={maximum}
      allowDecimal={!typesOf(setting).includes('integer')}
      clampBehavior="none"
      error={error}
      rightSection={
        unit ? (
          <Text size="sm" c="dimmed">
            {unit}
          </Text>
        ) : undefined
      }
      rightSectionWidth={unit ? Math.max(36, unit.length * 8 + 16) : undefined}
      rightSectionPointerEvents="none"
      hideControls
    />
  );
}

/** One setting's input, drawn from its schema: switch, choice, number with unit or text. */
export function SettingInput(props: SettingInputProps) {
  const { setting, value, onChange, error } = props;
  const { t } = useTranslation();
  const choices = setting.schema.oneOf as Choice[] | undefined;
  const label = t(setting.title);
  const description = setting.description ? t(setting.description) : undefined;
  if (choices) {
    return (
      <Select
        label={label}
        description={description}
        data={choices.map((choice) => ({ value: String(choice.const), label: t(choice.title) }))}
        value={value === undefined || value === null ? null : String(value)}
        onChange={(next) => {
          const choice = choices.find((option) => String(option.const) === next);
          if (choice) onChange(choice.const);
        }}
        allowDeselect={false}
        error={error}
      />
    );
  }
  const types = typesOf(setting);
  if (types.includes('boolean')) {
    return (
      <Switch
        label={label}
        description={description}
        checked={value === true}
        onChange={(event) => onChange(event.currentTarget.checked)}
        error={error}
      />
    );
  }
  if (types.includes('number') || types.includes('integer')) return <NumberSetting {...props} />;
  return (
    <TextInput
      label={label}
      description={description}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}
