import { describe, expect, it } from 'vitest';
import { channelFrom, tabFrom } from './settingsTabs.ts';

describe('tabFrom', () => {
  it('reads the tab from ?tab=, General otherwise', () => {
    expect(tabFrom('stream')).toBe('stream');
    expect(tabFrom('notifications')).toBe('notifications');
    expect(tabFrom(null)).toBe('general');
    expect(tabFrom('billing')).toBe('general');
  });
});

describe('channelFrom', () => {
  it('reads the channel from ?channel=, Main otherwise', () => {
    expect(channelFrom('alt')).toBe('alt');
    expect(channelFrom(null)).toBe('main');
    expect(channelFrom('third')).toBe('main');
  });
});
