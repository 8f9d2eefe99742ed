import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from './language-store';
import { setLanguage } from './set-language';

export type LanguagePickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange'>;

/**
 * Drop-down of the server's languages; choosing one switches the whole UI and sets the
 * language cookies. Renders nothing until languages are known.
 *
 * @example <LanguagePicker w={180} />
 */
export function LanguagePicker(props: LanguagePickerProps) {
  const { t, i18n } = useTranslation();
  const languages = useLanguageStore((state) => state.languages);
  if (languages.length === 0) return null;
  const data = languages.map((language) => ({ value: language.Id, label: language.Name }));
  return (
    <Select
      aria-label={t('LANGUAGE.PICKER')}
      data={data}
      value={i18n.language}
      allowDeselect={false}
      withCheckIcon
      comboboxProps={{ withinPortal: true }}
      {...props}
      onChange={(code) => {
        if (code && code !== i18n.language) void setLanguage(code, i18n);
      }}
    />
  );
}
