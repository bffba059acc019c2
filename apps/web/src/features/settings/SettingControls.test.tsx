import { OPTIONS_MODES, type OptionsMode } from '@tapeline/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SwitchRow } from '../../ui/SwitchRow.tsx';
import { settingControlText } from '../../ui/settingControlText.ts';
import { UpgradeBadge } from '../../ui/UpgradeBadge.tsx';
import { SLIDER_DEBOUNCE_MS } from '../../ui/useDraft.ts';
import { OptionsModeSetting } from './OptionsModeSetting.tsx';
import { RecencySlider } from './RecencySlider.tsx';
import { OPTIONS_MODE_LABELS, settingsText } from './settingsText.ts';
import { TabBar } from './TabBar.tsx';

describe('SwitchRow', () => {
  it('is a labelled switch described by its hint', async () => {
    const onChange = vi.fn();
    render(
      <SwitchRow
        label="Show news icon"
        hint="Marks symbols with news."
        checked={false}
        onChange={onChange}
      />,
    );
    const toggle = screen.getByRole('switch', { name: 'Show news icon' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription('Marks symbols with news.');
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe('OptionsModeSetting', () => {
  function Harness() {
    const [mode, setMode] = useState<OptionsMode>('icon');
    return (
      <>
        <OptionsModeSetting value={mode} onChange={setMode} />
        <p>mode is {mode}</p>
      </>
    );
  }

  it('offers Off, Icon and Filter as one choice', async () => {
    render(<Harness />);
    expect(screen.getByText(settingsText.optionsMode)).toBeInTheDocument();
    const group = screen.getByRole('group');
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(
      OPTIONS_MODES.map((m) => OPTIONS_MODE_LABELS[m]),
    );
    expect(within(group).getByRole('radio', { name: 'Icon' })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: 'Filter' }));
    expect(screen.getByText('mode is filter')).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Icon' })).not.toBeChecked();
  });
});

describe('RecencySlider', () => {
  it('shows hours or days at once and commits after the slider rests', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(<RecencySlider value={8} onChange={onChange} />);
    const slider = screen.getByRole('slider', { name: settingsText.recency });
    expect(slider).toHaveAttribute('aria-valuetext', '8 hours');

    fireEvent.change(slider, { target: { value: '48' } });
    expect(slider).toHaveAttribute('aria-valuetext', '2 days');
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(SLIDER_DEBOUNCE_MS));
    expect(onChange).toHaveBeenCalledWith(48);
  });

  it('says Disabled at 0', () => {
    render(<RecencySlider value={0} onChange={() => {}} />);
    expect(screen.getByRole('slider', { name: settingsText.recency })).toHaveAttribute(
      'aria-valuetext',
      'Disabled',
    );
  });

  it('commits a change still waiting when it goes away', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    const { unmount } = render(<RecencySlider value={8} onChange={onChange} />);
    fireEvent.change(screen.getByRole('slider'), { target: { value: '24' } });
    unmount();
    expect(onChange).toHaveBeenCalledWith(24);
  });
});

describe('TabBar', () => {
  const TABS = ['general', 'stream', 'discovery'] as const;
  type Tab = (typeof TABS)[number];
  const LABELS = { general: 'General', stream: 'Stream', discovery: 'Discovery' };

  function Harness() {
    const [tab, setTab] = useState<Tab>('general');
    return (
      <TabBar label="Sections" tabs={TABS} labels={LABELS} current={tab} onSelect={setTab} idPrefix="t" />
    );
  }

  it('selects a tab on click', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('tab', { name: 'Stream' }));
    expect(screen.getByRole('tab', { name: 'Stream' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'false');
  });

  it('moves with the arrow keys, Home and End, wrapping round, and only the current tab is tabbable', async () => {
    render(<Harness />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    tab('General').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Stream')).toHaveFocus();
    expect(tab('Stream')).toHaveAttribute('tabindex', '0');
    expect(tab('General')).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{End}');
    expect(tab('Discovery')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('General')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab('Discovery')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(tab('General')).toHaveAttribute('aria-selected', 'true');
  });
});

describe('UpgradeBadge', () => {
  it('offers the upgrade to a trader below the tier', () => {
    render(
      <MemoryRouter>
        <UpgradeBadge label="PRO + ONLY" locked />
      </MemoryRouter>,
    );
    expect(screen.getByText('PRO + ONLY')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: settingControlText.upgrade })).toHaveAttribute(
      'href',
      '/profile/plan',
    );
  });

  it('only labels the setting for a trader who has the tier', () => {
    render(
      <MemoryRouter>
        <UpgradeBadge label="PRO ONLY" locked={false} />
      </MemoryRouter>,
    );
    expect(screen.getByText('PRO ONLY')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
