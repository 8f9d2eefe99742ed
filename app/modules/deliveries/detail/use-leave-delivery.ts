import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dialogs, useNavigationLock, usePreviousLocation } from '#platform/ui';
import type { DeliveryInputField } from '../inputs/delivery-input-fields';
import { saveDelivery, type DeliveryRow, type WhatIfRequest } from './delivery-api';
import { failureText, fieldMessages, isStale } from './save-failure';

const notBackTo = /^\/(login|register|unauthorized)/i;

/** Where leaving the page goes: the page before it (the grid with its filters), else home. */
function useLeave(): () => void {
  const navigate = useNavigate();
  const previous = usePreviousLocation();
  return useCallback(() => {
    navigate(previous && !notBackTo.test(previous) ? previous : '/');
  }, [navigate, previous]);
}

interface LeaveOptions {
  delivery: DeliveryRow;
  /** The inputs on screen; null when there is nothing to save (a blank delivery). */
  inputs: WhatIfRequest | null;
  changed: boolean;
  reload: () => void;
  onFieldErrors: (errors: Partial<Record<DeliveryInputField, string>>) => void;
}

/**
 * Apply and Cancel (spec section 4): Apply saves only what changed, otherwise just leaves;
 * Cancel asks first when something changed. A stale save offers to reload, any other refusal
 * is shown in an error dialog (the fields the server names are marked too).
 */
export function useLeaveDelivery({
  delivery,
  inputs,
  changed,
  reload,
  onFieldErrors,
}: LeaveOptions) {
  const { t } = useTranslation();
  const leave = useLeave();
  const [saving, setSaving] = useState(false);
  useNavigationLock(changed || saving);

  const apply = useCallback(async () => {
    if (!changed || !inputs) return leave();
    setSaving(true);
    try {
      await saveDelivery({ ...delivery, ...inputs });
      dialogs.success(t('DELIVERY.PAGE.SAVED'));
      leave();
    } catch (error) {
      if (isStale(error)) {
        const again = await dialogs.confirm(t('DELIVERY.PAGE.STALE'), {
          title: t('DELIVERY.PAGE.STALE_TITLE'),
          okLabel: t('DELIVERY.PAGE.RELOAD'),
        });
        if (again) reload();
        return;
      }
      const limits = { min: delivery.MinMixTemp, max: delivery.MaxMixTemp };
      const fields = fieldMessages(error, t, limits);
      onFieldErrors(fields);
      const listed = Object.values(fields);
      const text = listed.length > 0 ? listed.join('\n') : null;
      await dialogs.error(text ?? failureText(error, t, t('DELIVERY.PAGE.SAVE_FAILED')), {
        title: t('DELIVERY.PAGE.SAVE_FAILED_TITLE'),
      });
    } finally {
      setSaving(false);
    }
  }, [changed, inputs, leave, delivery, t, reload, onFieldErrors]);

  const cancel = useCallback(async () => {
    const leaving =
      !changed ||
      (await dialogs.confirm(t('DELIVERY.PAGE.CANCEL_CONFIRM'), {
        title: t('DELIVERY.PAGE.CANCEL_TITLE'),
        okLabel: t('DELIVERY.PAGE.LEAVE'),
        cancelLabel: t('DELIVERY.PAGE.STAY'),
      }));
    if (!leaving) return;
    leave();
  }, [changed, leave, t]);

  return { apply, cancel, saving };
}
