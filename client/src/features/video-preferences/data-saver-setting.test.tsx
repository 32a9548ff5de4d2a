import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DataSaverSetting } from './data-saver-setting';
import { prefersSavingData, SAVE_DATA_KEY } from './save-data';

/** Makes the browser report a connection the way Chrome on Android does. */
function connection(hints: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { value: hints, configurable: true });
}

const saver = () => screen.getByRole('checkbox', { name: 'Poupar dados (240p)' });

afterEach(() => {
  window.localStorage.clear();
  connection(undefined);
});

describe('DataSaverSetting', () => {
  it('when the learner ticks it on the profile, then the player of this device starts at 240p, and a tab showing it agrees', async () => {
    const user = userEvent.setup();
    render(
      <>
        <DataSaverSetting />
        <DataSaverSetting />
      </>,
    );
    const [first, second] = screen.getAllByRole('checkbox', { name: 'Poupar dados (240p)' });
    expect(first).not.toBeChecked();
    expect(prefersSavingData()).toBe(false);

    await user.click(first!);
    expect(window.localStorage.getItem(SAVE_DATA_KEY)).toBe('1');
    expect(prefersSavingData()).toBe(true);
    expect(first).toBeChecked();
    expect(second).toBeChecked();
  });

  it('when the browser asks to save data, then it starts ticked and says why; unticking is remembered over the browser', async () => {
    connection({ saveData: true });
    const user = userEvent.setup();
    render(<DataSaverSetting />);
    expect(saver()).toBeChecked();
    expect(screen.getByText(/Seu navegador pediu economia de dados/)).toBeInTheDocument();

    await user.click(saver());
    expect(saver()).not.toBeChecked();
    expect(prefersSavingData()).toBe(false);
  });

  it('when a 3G connection is reported, then saving data is the default', () => {
    connection({ effectiveType: '3g' });
    render(<DataSaverSetting />);
    expect(saver()).toBeChecked();
  });

  it('when another tab changes the choice, then this one shows it', () => {
    render(<DataSaverSetting />);
    expect(saver()).not.toBeChecked();
    act(() => {
      window.localStorage.setItem(SAVE_DATA_KEY, '1');
      window.dispatchEvent(new StorageEvent('storage', { key: SAVE_DATA_KEY, newValue: '1' }));
    });
    expect(saver()).toBeChecked();
  });
});
