import { Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LanguageOption, loadLanguages } from './template-api';

interface LanguageSwitchProps {
  value: string;
  onChange(language: string): void;
}

/** Opens the template in another language: its translation, or a new one to write. */
export function LanguageSwitch({ value, onChange }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const [languages, setLanguages] = useState<LanguageOption[]>([]);
  useEffect(() => {
    let live = true;
    loadLanguages().then(
      (list) => live && setLanguages(list),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  const data = languages.map((language) => ({ value: language.Id, label: language.Name }));
  if (!data.some((option) => option.value === value)) data.push({ value, label: value });
  return (
    <Select
      label={t('TEMPLATES.LANGUAGE_SWITCH')}
      description={t('TEMPLATES.LANGUAGE_SWITCH_HINT')}
      data={data}
      value={value}
      allowDeselect={false}
      maw={320}
      onChange={(next) => next && next !== value && onChange(next)}
    />
  );
}
