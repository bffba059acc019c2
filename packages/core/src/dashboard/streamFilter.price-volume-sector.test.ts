import { describe, expect, it } from 'vitest';
import { dashboardConfigSchema, streamChannelSchema } from './configSchema.ts';
import { defaultChannels, defaultConfig } from './defaultConfig.ts';
import { type ChannelContext, channelAccepts, type FilterableEntry } from './streamFilter.ts';

const entry = (overrides: Partial<FilterableEntry> = {}): FilterableEntry => ({
  symbol: 'ABC',
  last: 12.5,
  count: 3,
  volume: 1_500_000,
  float: 40_000_000,
  atr: 4.2,
  gap: 1.5,
  ...overrides,
});
const ctx = (overrides: Partial<ChannelContext> = {}): ChannelContext => ({
  popular: new Set(['POP']),
  favorites: new Set(['FAV']),
  sectorOf: (s) => (s === 'SPAK' ? 14 : 9),
  proPlus: false,
  ...overrides,
});
const [main, alt] = defaultChannels();
if (!main || !alt) throw new Error('defaults');

describe('stream channel filters', () => {
  it('the default alt channel is the $1–$20, sub-50M-float tape', () => {
    expect(channelAccepts(alt, entry(), ctx())).toBe(true);
    expect(channelAccepts(alt, entry({ last: 25 }), ctx())).toBe(false);
    expect(channelAccepts(alt, entry({ float: 80_000_000 }), ctx())).toBe(false);
  });

  it('the default filter shows everything except SPACs', () => {
    expect(channelAccepts(main, entry(), ctx())).toBe(true);
    expect(channelAccepts(main, entry({ symbol: 'SPAK' }), ctx())).toBe(false);
  });

  it('a price range 10–20 keeps $12.50 and drops $25 and $9.99', () => {
    const channel = { ...main, value: { ...main.value, price: { min: 10, max: 20 } } };
    expect([12.5, 25, 9.99].map((last) => channelAccepts(channel, entry({ last }), ctx()))).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('a max at the top of its range is unbounded', () => {
    const channel = { ...main, value: { ...main.value, volume: { min: 1_000_000, max: 200_000_000 } } };
    expect(channelAccepts(channel, entry({ volume: 900_000_000 }), ctx())).toBe(true);
    expect(channelAccepts(channel, entry({ volume: 999_999 }), ctx())).toBe(false);
  });

  it('an unknown float passes the untouched range but not a narrowed one', () => {
    const narrowed = { ...main, value: { ...main.value, float: { min: 0, max: 20_000_000 } } };
    expect(channelAccepts(main, entry({ float: null }), ctx())).toBe(true);
    expect(channelAccepts(narrowed, entry({ float: null }), ctx())).toBe(false);
  });

  it('ATR % and gap % ranges apply to Pro Plus only', () => {
    const channel = { ...main, value: { ...main.value, atr: { min: 5, max: 1000 } } };
    expect(channelAccepts(channel, entry({ atr: 4.2 }), ctx({ proPlus: false }))).toBe(true);
    expect(channelAccepts(channel, entry({ atr: 4.2 }), ctx({ proPlus: true }))).toBe(false);
  });

  it('a gate (options Filter mode) applies before any channel type', () => {
    const onlyOpt = ctx({ accepts: (s) => s === 'OPT' });
    expect(channelAccepts(main, entry({ symbol: 'OPT' }), onlyOpt)).toBe(true);
    expect(channelAccepts(main, entry({ symbol: 'ABC' }), onlyOpt)).toBe(false);
    expect(channelAccepts({ ...alt, type: 'popular' }, entry({ symbol: 'POP' }), onlyOpt)).toBe(false);
  });

  it('popular, fav, custom and none channels', () => {
    const popular = { ...alt, type: 'popular' as const };
    expect(channelAccepts(popular, entry({ symbol: 'POP' }), ctx())).toBe(true);
    expect(channelAccepts(popular, entry(), ctx())).toBe(false);
    expect(channelAccepts({ ...alt, type: 'fav' }, entry({ symbol: 'FAV' }), ctx())).toBe(true);
    const custom = { ...alt, type: 'custom' as const, value: { ...alt.value, custom_view: ['ABC'] } };
    expect(channelAccepts(custom, entry(), ctx())).toBe(true);
    expect(channelAccepts({ ...alt, type: 'none' }, entry(), ctx())).toBe(false);
  });
});

describe('config schema', () => {
  it('accepts the defaults and reads "favorite" as fav', () => {
    expect(dashboardConfigSchema.safeParse(defaultConfig()).success).toBe(true);
    const parsed = streamChannelSchema.parse({ ...alt, type: 'favorite' });
    expect(parsed.type).toBe('fav');
  });

  it('refuses a none main channel, a max below its min, an out-of-range price and a test symbol', () => {
    const config = defaultConfig();
    const noneMain = { ...config, stream: [{ ...config.stream[0], type: 'none' }, config.stream[1]] };
    expect(dashboardConfigSchema.safeParse(noneMain).success).toBe(false);
    const inverted = JSON.parse(JSON.stringify(config)) as typeof config;
    if (inverted.stream[0]) inverted.stream[0].value.price = { min: 20, max: 10 };
    const result = dashboardConfigSchema.safeParse(inverted);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('Max value must not be less than Min value.');
    const tooDear = JSON.parse(JSON.stringify(config)) as typeof config;
    if (tooDear.stream[0]) tooDear.stream[0].value.price = { min: 0, max: 6000 };
    expect(dashboardConfigSchema.safeParse(tooDear).success).toBe(false);
    const testSymbol = JSON.parse(JSON.stringify(config)) as typeof config;
    if (testSymbol.stream[1]) testSymbol.stream[1].value.custom_view = ['ZVZZT'];
    const refused = dashboardConfigSchema.safeParse(testSymbol);
    expect(JSON.stringify(refused.error?.issues)).toContain('Symbol ZVZZT is invalid');
  });
});
