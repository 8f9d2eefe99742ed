import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  DeliveryInputFields,
  type DeliveryInputValues,
} from '../../app/modules/deliveries/inputs/delivery-input-fields';
import { renderWithProviders } from '../support/render';

const range = { min: 130, max: 180 };

function Inputs({ onChange }: { onChange: (patch: Partial<DeliveryInputValues>) => void }) {
  const [values, setValues] = useState<DeliveryInputValues>({
    OutputTemperature: 160,
    Thickness: 40,
    EvoThermAllowed: false,
  });
  return (
    <DeliveryInputFields
      values={values}
      range={range}
      onChange={(patch) => {
        setValues((current) => ({ ...current, ...patch }));
        onChange(patch);
      }}
    />
  );
}

function renderInputs() {
  const onChange = vi.fn();
  renderWithProviders(<Inputs onChange={onChange} />);
  return {
    onChange,
    user: userEvent.setup(),
    temperature: screen.getByRole('textbox', { name: 'Output temperature (°C)' }),
    thickness: screen.getByRole('textbox', { name: 'Thickness (mm)' }),
  };
}

const below = 'The output temperature is below the material’s minimum of 130 °C.';
const above = 'The output temperature is above the material’s maximum of 180 °C.';
const rounded = 'The output temperature was rounded to the nearest 5 °C.';
const invalid = 'Invalid thickness: 0, or between 20 and 200 mm.';
const multiple = 'The thickness must be a multiple of 5.';

describe('output temperature snapping (material 130-180 °C)', () => {
  it.each([
    ['100', '130', below],
    ['129', '130', below],
    ['181', '180', above],
    ['250', '180', above],
    ['142', '140', rounded],
    ['143', '145', rounded],
    ['147', '145', rounded],
    ['148', '150', rounded],
    ['145', '145', null],
    ['130', '130', null],
    ['180', '180', null],
  ])('%s becomes %s when the field is left', async (typed, snapped, message) => {
    const { user, temperature, onChange } = renderInputs();

    await user.clear(temperature);
    await user.type(temperature, typed);
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();

    expect(temperature).toHaveValue(snapped);
    expect(onChange).toHaveBeenLastCalledWith({ OutputTemperature: Number(snapped) });
    if (message) expect(temperature).toHaveAccessibleDescription(expect.stringContaining(message));
    else expect(temperature).toHaveAccessibleDescription('130 to 180 °C, in steps of 5');
  });

  it('snaps on Enter and keeps the message when the field is then left', async () => {
    const { user, temperature } = renderInputs();

    await user.clear(temperature);
    await user.type(temperature, '142{Enter}');
    expect(temperature).toHaveValue('140');
    await user.tab();

    expect(temperature).toHaveValue('140');
    expect(temperature).toHaveAccessibleDescription(expect.stringContaining(rounded));
  });

  it('steps by 5 with the arrow keys and stops at the maximum with its message', async () => {
    const { user, temperature } = renderInputs();

    temperature.focus();
    await user.keyboard('{ArrowUp}');
    expect(temperature).toHaveValue('165');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(temperature).toHaveValue('180');
    await user.keyboard('{ArrowUp}');

    expect(temperature).toHaveValue('180');
    expect(temperature).toHaveAccessibleDescription(expect.stringContaining(above));
  });

  it('puts the last value back when the field is left empty', async () => {
    const { user, temperature, onChange } = renderInputs();

    await user.clear(temperature);
    await user.tab();

    expect(temperature).toHaveValue('160');
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('thickness snapping', () => {
  it.each([
    ['-5', '0', invalid],
    ['0', '0', null],
    ['1', '0', invalid],
    ['19', '0', invalid],
    ['20', '20', null],
    ['22', '20', multiple],
    ['23', '25', multiple],
    ['200', '200', null],
    ['201', '200', invalid],
    ['250', '200', invalid],
  ])('%s becomes %s when the field is left', async (typed, snapped, message) => {
    const { user, thickness, onChange } = renderInputs();

    await user.clear(thickness);
    await user.type(thickness, typed);
    await user.tab();

    expect(thickness).toHaveValue(snapped);
    expect(onChange).toHaveBeenLastCalledWith({ Thickness: Number(snapped) });
    if (message) expect(thickness).toHaveAccessibleDescription(expect.stringContaining(message));
    else
      expect(thickness).toHaveAccessibleDescription(
        '20 to 200 mm in steps of 5; 0 if not known yet (no time is computed and the state is blue)',
      );
  });

  it('steps over the gap between 0 and 20 mm', async () => {
    const { user, thickness } = renderInputs();

    thickness.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(thickness).toHaveValue('20');
    await user.keyboard('{ArrowDown}');
    expect(thickness).toHaveValue('0');
    await user.keyboard('{ArrowUp}');

    expect(thickness).toHaveValue('20');
    expect(thickness).not.toHaveAccessibleDescription(expect.stringContaining(invalid));
  });
});
