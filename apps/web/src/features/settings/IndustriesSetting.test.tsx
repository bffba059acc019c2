import { defaultChannelValue, type StreamChannelValue } from '@tapeline/core';
import { SECTOR_CODES, SECTOR_NAMES, type SectorCode } from '@tapeline/market';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { IndustriesSetting } from './IndustriesSetting.tsx';
import { settingsText } from './settingsText.ts';

function Harness({ initial }: { initial: StreamChannelValue }) {
  const [value, setValue] = useState(initial);
  const onChange = (codes: readonly SectorCode[], shown: boolean) =>
    setValue((v) => ({
      ...v,
      industries: { ...v.industries, ...Object.fromEntries(codes.map((c) => [String(c), shown])) },
    }));
  return <IndustriesSetting value={value} onChange={onChange} />;
}

const first = SECTOR_CODES[0] as SectorCode;
const box = (code: SectorCode) => screen.getByRole('checkbox', { name: SECTOR_NAMES[code] });

describe('IndustriesSetting', () => {
  it('has one box per sector, shown unless explicitly hidden', () => {
    render(<Harness initial={{ ...defaultChannelValue(), industries: { [String(first)]: false } }} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(SECTOR_CODES.length);
    expect(box(first)).not.toBeChecked();
    for (const code of SECTOR_CODES.slice(1)) expect(box(code)).toBeChecked();
  });

  it('a cleared box hides its sector, a ticked one shows it', async () => {
    render(<Harness initial={{ ...defaultChannelValue(), industries: {} }} />);
    await userEvent.click(box(first));
    expect(box(first)).not.toBeChecked();
    await userEvent.click(box(first));
    expect(box(first)).toBeChecked();
  });

  it('None and All set every sector at once', async () => {
    render(<Harness initial={{ ...defaultChannelValue(), industries: {} }} />);
    await userEvent.click(screen.getByRole('button', { name: settingsText.none }));
    for (const checkbox of screen.getAllByRole('checkbox')) expect(checkbox).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: settingsText.all }));
    for (const checkbox of screen.getAllByRole('checkbox')) expect(checkbox).toBeChecked();
  });
});
