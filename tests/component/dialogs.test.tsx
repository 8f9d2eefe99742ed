import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost, dialogs, resetDialogs } from '../../platform/ui/dialogs';
import { createTestI18n, renderWithProviders } from '../support/render';

function renderHost() {
  const i18n = createTestI18n();
  return renderWithProviders(<DialogHost />, { i18n });
}

/** Mantine sizes the modal through a CSS variable in rem (16 px each). */
function widthOf(dialog: HTMLElement): string | undefined {
  const root = dialog.closest<HTMLElement>('[data-dialog-kind]');
  return root?.style.getPropertyValue('--modal-size');
}

afterEach(() => act(() => resetDialogs()));

describe('modal dialogs', () => {
  it.each([
    ['message', /^message$/i],
    ['error', /^error$/i],
    ['info', /^information$/i],
    ['warning', /^warning$/i],
    ['helper', /^help$/i],
  ] as const)(
    '%s shows its text under its default title and resolves on OK',
    async (kind, title) => {
      const user = userEvent.setup();
      renderHost();
      let closed = false;
      act(() => void dialogs[kind]('The text of the dialog').then(() => (closed = true)));

      const dialog = await screen.findByRole('dialog', { name: title });
      expect(within(dialog).getByText('The text of the dialog')).toBeVisible();
      expect(widthOf(dialog)).toContain('26.875rem');

      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(closed).toBe(true);
    },
  );
});

describe('confirmation', () => {
  it('resolves true on OK', async () => {
    const user = userEvent.setup();
    renderHost();
    let answer: boolean | undefined;
    act(() => void dialogs.confirm('Delete the unit?').then((value) => (answer = value)));

    const dialog = await screen.findByRole('dialog', { name: /please confirm/i });
    expect(within(dialog).getByText('Delete the unit?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(answer).toBe(true));
  });

  it('resolves false on Cancel, escape and the close button, with custom labels', async () => {
    const user = userEvent.setup();
    renderHost();
    const answers: boolean[] = [];
    const ask = () =>
      act(() => {
        void dialogs
          .confirm('Leave?', { title: 'Unsaved changes', okLabel: 'Leave', cancelLabel: 'Stay' })
          .then((value) => answers.push(value));
      });

    ask();
    let dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    ask();
    dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(within(dialog).getByRole('button', { name: 'Leave' })).toBeVisible();
    await user.keyboard('{Escape}');
    ask();
    dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await vi.waitFor(() => expect(answers).toEqual([false, false, false]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('other kinds', () => {
  it('draws an error in red', async () => {
    renderHost();
    act(() => void dialogs.error('Saving failed'));
    const dialog = await screen.findByRole('dialog', { name: /^error$/i });
    expect(dialog.getAttribute('style')).toContain('--mantine-color-red-6');
    expect(within(dialog).getByRole('button', { name: 'OK' }).getAttribute('style')).toContain(
      'red',
    );
  });

  it('honours a title and width given by the caller', async () => {
    renderHost();
    act(() => void dialogs.message('Wide text', { title: 'Change password', width: 870 }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    expect(widthOf(dialog)).toContain('54.375rem');
  });

  it('keeps a waiting dialog open, without a close button, until its handle closes it', async () => {
    const user = userEvent.setup();
    renderHost();
    let handle: ReturnType<typeof dialogs.waiting> | undefined;
    act(() => {
      handle = dialogs.waiting();
    });

    const dialog = await screen.findByRole('dialog', { name: /please wait/i });
    expect(within(dialog).getByText('Working on it…')).toBeVisible();
    expect(dialog.querySelector('.mantine-Loader-root')).not.toBeNull();
    expect(within(dialog).queryByRole('button')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: /please wait/i })).toBeInTheDocument();

    act(() => handle?.close());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('renders custom content and resolves with the value it closes with', async () => {
    const user = userEvent.setup();
    renderHost();
    let result: string | undefined = 'unset';
    act(() => {
      void dialogs
        .custom<string>(
          (close) => (
            <button type="button" onClick={() => close('chosen')}>
              Choose
            </button>
          ),
          { title: 'Pick one' },
        )
        .then((value) => (result = value));
    });

    const dialog = await screen.findByRole('dialog', { name: 'Pick one' });
    await user.click(within(dialog).getByRole('button', { name: 'Choose' }));
    await vi.waitFor(() => expect(result).toBe('chosen'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stacks dialogs: escape closes only the top one, closeAll closes the rest', async () => {
    const user = userEvent.setup();
    renderHost();
    let bottomClosed = false;
    act(() => {
      void dialogs.info('Bottom').then(() => (bottomClosed = true));
      void dialogs.warning('Top');
    });

    await screen.findByRole('dialog', { name: /warning/i });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: /warning/i })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: /information/i })).toBeInTheDocument();
    expect(bottomClosed).toBe(false);

    act(() => dialogs.closeAll());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(bottomClosed).toBe(true));
  });
});

describe('focus', () => {
  it('moves into the dialog and back to what opened it', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <button type="button" onClick={() => void dialogs.info('Saved as draft')}>
        Save draft
      </button>,
    );
    renderHost();
    const opener = screen.getByRole('button', { name: 'Save draft' });
    await user.click(opener);

    const dialog = await screen.findByRole('dialog', { name: /information/i });
    await vi.waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('success toast', () => {
  afterEach(() => vi.useRealTimers());

  it('cannot be dismissed before 1000 ms and hides itself after 3000 ms', () => {
    vi.useFakeTimers();
    renderHost();
    act(() => dialogs.success('Unit saved'));
    act(() => vi.advanceTimersByTime(10));

    const toast = screen.getByRole('status');
    expect(within(toast).getByText('Unit saved')).toBeInTheDocument();
    expect(within(toast).getByText('Success')).toBeInTheDocument();
    expect(within(toast).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1000));
    expect(within(toast).getByRole('button', { name: 'Close' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1980));
    expect(screen.getByText('Unit saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10)); // 3000 ms: the toast starts to hide
    act(() => vi.advanceTimersByTime(300)); // its exit transition
    expect(screen.queryByText('Unit saved')).not.toBeInTheDocument();
  });

  it('can be closed with its button once dismissable', () => {
    vi.useFakeTimers();
    renderHost();
    act(() => dialogs.success('Role deleted', { title: 'Done' }));
    act(() => vi.advanceTimersByTime(1000));

    const toast = screen.getByRole('status');
    expect(within(toast).getByText('Done')).toBeInTheDocument();
    act(() => within(toast).getByRole('button', { name: 'Close' }).click());
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Role deleted')).not.toBeInTheDocument();
  });
});
