import {
  Button,
  Divider,
  Group,
  Paper,
  Stack,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationAlert } from './location-alert';
import { LocationIcon } from './weather-icons';
import type { LocationProblem } from './use-device-location';

interface SearchPanelProps {
  initialPostcode: string;
  /** A translation key explaining what is wrong with the postcode. */
  postcodeError: string | null;
  looking: boolean;
  onPostcode: (postcode: string) => void;
  onPostcodeEdited: () => void;
  locating: boolean;
  locationProblem: LocationProblem | null;
  onLocate: () => void;
  onDismissLocation: () => void;
}

/** Step 1: a postcode, or the device's location. */
export function SearchPanel(props: SearchPanelProps) {
  const { t } = useTranslation();
  const [postcode, setPostcode] = useState(props.initialPostcode);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onPostcode(postcode);
  };

  return (
    <Paper component="section" aria-labelledby="weather-search-title" withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id="weather-search-title">
          {t('WEATHER.SEARCH.TITLE')}
        </Title>
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              flex={1}
              miw={0}
              label={t('WEATHER.POSTCODE')}
              placeholder={t('WEATHER.POSTCODE_PLACEHOLDER')}
              autoComplete="postal-code"
              autoCapitalize="characters"
              spellCheck={false}
              value={postcode}
              error={props.postcodeError ? t(props.postcodeError) : undefined}
              onChange={(event) => {
                setPostcode(event.currentTarget.value);
                if (props.postcodeError) props.onPostcodeEdited();
              }}
            />
            <Button type="submit" mt={25} loading={props.looking}>
              {t('WEATHER.FIND_SITES')}
            </Button>
          </Group>
        </form>
        <Divider label={t('WEATHER.OR')} labelPosition="center" />
        <Button
          variant="default"
          leftSection={<LocationIcon />}
          loading={props.locating}
          loaderProps={{ type: 'dots' }}
          onClick={props.onLocate}
        >
          {t('WEATHER.USE_MY_LOCATION')}
        </Button>
        {props.locating && <VisuallyHidden role="status">{t('WEATHER.LOCATING')}</VisuallyHidden>}
        {props.locationProblem && (
          <LocationAlert problem={props.locationProblem} onClose={props.onDismissLocation} />
        )}
      </Stack>
    </Paper>
  );
}
