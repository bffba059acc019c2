import { dashboardConfigSchema, defaultConfig } from '@tapeline/core';
import { SECTOR, SECTOR_CODES } from '@tapeline/market';
import { describe, expect, it } from 'vitest';
import {
  channelOf,
  channelTypeMessage,
  channelTypeOptions,
  isSectorShown,
  withChannelType,
  withCustomView,
  withRange,
  withSectors,
} from './channelConfig.ts';

describe('channel types', () => {
  it('never offers none for main', () => {
    expect(channelTypeOptions('main')).toEqual(['popular', 'fav', 'filter', 'custom']);
    expect(channelTypeOptions('alt')).toEqual(['none', 'popular', 'fav', 'filter', 'custom']);
  });

  it('says what a type without settings means', () => {
    expect(channelTypeMessage('none')).toBe('Channel disabled');
    expect(channelTypeMessage('popular')).toBe('No additional settings required');
    expect(channelTypeMessage('fav')).toBe('No additional settings required');
    expect(channelTypeMessage('filter')).toBeNull();
    expect(channelTypeMessage('custom')).toBeNull();
  });

  it('changes only the chosen channel and refuses none for main', () => {
    const config = defaultConfig();
    const next = withChannelType(config, 'alt', 'none');
    expect(channelOf(next, 'alt').type).toBe('none');
    expect(channelOf(next, 'main')).toBe(channelOf(config, 'main'));
    expect(withChannelType(config, 'main', 'none')).toBe(config);
    expect(withChannelType(config, 'main', 'filter')).toBe(config);
    expect(dashboardConfigSchema.safeParse(next).success).toBe(true);
  });
});

describe('withRange', () => {
  it('sets one range of one channel, keeping the config valid', () => {
    const config = defaultConfig();
    const next = withRange(config, 'main', 'price', { min: 0, max: 5 });
    expect(channelOf(next, 'main').value.price).toEqual({ min: 0, max: 5 });
    expect(channelOf(next, 'alt').value.price).toEqual(channelOf(config, 'alt').value.price);
    expect(dashboardConfigSchema.safeParse(next).success).toBe(true);
  });

  it('returns the same config when the range is unchanged', () => {
    const config = defaultConfig();
    expect(withRange(config, 'alt', 'price', { min: 1, max: 20 })).toBe(config);
  });
});

describe('sectors', () => {
  it('lists every sector in code order', () => {
    expect(SECTOR_CODES[0]).toBe(1);
    expect(SECTOR_CODES.at(-1)).toBe(99);
    expect(SECTOR_CODES).toHaveLength(19);
  });

  it('shows sectors missing from the map and hides SPAC by default', () => {
    const value = channelOf(defaultConfig(), 'main').value;
    expect(isSectorShown(value, SECTOR.TECHNOLOGY)).toBe(true);
    expect(isSectorShown(value, SECTOR.SPAC)).toBe(false);
  });

  it('turns sectors off and on', () => {
    const off = withSectors(defaultConfig(), 'main', [SECTOR.ETF, SECTOR.ADR], false);
    expect(channelOf(off, 'main').value.industries).toMatchObject({ '81': false, '82': false, '14': false });
    const on = withSectors(off, 'main', SECTOR_CODES, true);
    expect(SECTOR_CODES.every((code) => isSectorShown(channelOf(on, 'main').value, code))).toBe(true);
    expect(dashboardConfigSchema.safeParse(on).success).toBe(true);
  });
});

describe('withCustomView', () => {
  it('replaces the symbol list of one channel', () => {
    const next = withCustomView(defaultConfig(), 'alt', ['AAPL', 'MSFT']);
    expect(channelOf(next, 'alt').value.custom_view).toEqual(['AAPL', 'MSFT']);
    expect(channelOf(next, 'main').value.custom_view).toEqual([]);
  });
});
