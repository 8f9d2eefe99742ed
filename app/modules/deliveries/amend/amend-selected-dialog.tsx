import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformConstants, type AmendRequest, type AmendResult } from '#metadata';
import { failureText } from '../detail/save-failure';
import { DeliveryInputFields, type DeliveryInputValues } from '../inputs/delivery-input-fields';
import { strictestRange } from '../inputs/input-rules';
import { amendSelected, canAmendSelected } from './amend-api';
import { AmendResults } from './amend-results';

/** A selected grid row, with what the dialog reads of it. */
export interface AmendableDelivery {
  Id: number;
  State?: string | null;
  MinMixTemp?: number | null;
  MaxMixTemp?: number | null;
  CanAddEvotherm?: boolean | null;
  SiteName?: string | null;
  UniqueId1?: string | null;
  OutputTemperature?: number | null;
  Thickness?: number | null;
  EvoThermAllowed?: boolean | null;
}

export interface AmendSelectedDialogProps {
  opened: boolean;
  deliveries: readonly AmendableDelivery[];
  onClose: () => void;
  /** After the server amended them, with each delivery's state before and after. */
  onAmended: (results: AmendResult[]) => void;
}

const unchanged: DeliveryInputValues = {
  OutputTemperature: null,
  Thickness: null,
  EvoThermAllowed: null,
};

const requestOf = (values: DeliveryInputValues, ids: number[]): AmendRequest => ({
  OutputTemp: values.OutputTemperature,
  EvoTherm: values.EvoThermAllowed,
  Thickness: values.Thickness,
  DeliveriesIds: ids,
});

/** Whether the server lets the additive be allowed on every selected delivery (null: asking). */
function useAdditiveAllowed(opened: boolean, ids: number[]): boolean | null {
  const [answer, setAnswer] = useState<{ for: string; allowed: boolean } | null>(null);
  const key = ids.join(',');
  useEffect(() => {
    if (!opened || key === '') return;
    const controller = new AbortController();
    const body = requestOf(unchanged, key.split(',').map(Number));
    canAmendSelected(body, controller.signal).then(
      (allowed) => !controller.signal.aborted && setAnswer({ for: key, allowed }),
      () => !controller.signal.aborted && setAnswer({ for: key, allowed: false }),
    );
    return () => controller.abort();
  }, [opened, key]);
  return answer?.for === key ? answer.allowed : null;
}

/**
 * Amend selected: output temperature, thickness and the additive for every selected delivery,
 * each left empty to keep it, snapped as on the delivery page to the strictest range of the
 * selection; then each delivery's state before and after.
 */
export function AmendSelectedDialog({
  opened,
  deliveries,
  onClose,
  onAmended,
}: AmendSelectedDialogProps) {
  const { t } = useTranslation();
  const ids = useMemo(() => deliveries.map((delivery) => delivery.Id), [deliveries]);
  const [values, setValues] = useState(unchanged);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // With the rows as they were selected: the grid may refresh and clear its selection meanwhile.
  const [results, setResults] = useState<{
    rows: AmendResult[];
    deliveries: readonly AmendableDelivery[];
  } | null>(null);
  const additiveAllowed = useAdditiveAllowed(opened, ids);
  const range = strictestRange(deliveries);
  const nothingSet = Object.values(values).every((value) => value === null);

  const close = () => {
    setValues(unchanged);
    setFailure(null);
    setResults(null);
    onClose();
  };
  const amend = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await amendSelected(requestOf(values, ids));
      setResults({ rows: answer, deliveries });
      onAmended(answer);
    } catch (error) {
      setFailure(failureText(error, t, t('DELIVERY.AMEND.FAILED')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      size={platformConstants.dialogWidthPx}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('DIALOG.CLOSE') }}
      title={t('DELIVERY.AMEND.TITLE')}
    >
      {results ? (
        <Stack gap="md">
          <AmendResults results={results.rows} deliveries={results.deliveries} />
          <Group justify="flex-end">
            <Button onClick={close}>{t('DELIVERY.AMEND.CLOSE')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">{t('DELIVERY.AMEND.INTRO', { count: deliveries.length })}</Text>
          <DeliveryInputFields
            values={values}
            onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
            range={range}
            optional
            layout="column"
            temperatureHint={
              deliveries.length > 1 && range.min !== null && range.max !== null
                ? t('DELIVERY.AMEND.STRICTEST_RANGE', { min: range.min, max: range.max })
                : undefined
            }
            temperatureRefusal={range.conflict ? t('DELIVERY.AMEND.NO_COMMON_RANGE') : null}
            additiveRefusal={
              additiveAllowed === true
                ? null
                : t(
                    additiveAllowed === null
                      ? 'DELIVERY.AMEND.ADDITIVE_CHECKING'
                      : 'DELIVERY.AMEND.ADDITIVE_REFUSED',
                  )
            }
          />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('DELIVERY.AMEND.CANCEL')}
            </Button>
            <Button onClick={amend} loading={busy} disabled={nothingSet || ids.length === 0}>
              {t('DELIVERY.AMEND.SUBMIT')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
