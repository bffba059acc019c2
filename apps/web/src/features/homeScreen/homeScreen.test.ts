import { describe, expect, it } from 'vitest';
import { isIphoneSafari, shouldSuggestHomeScreen } from './homeScreen.ts';

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const SAFARI_IPOD =
  'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1';
const CHROME_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1';
const FIREFOX_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15';
const FACEBOOK_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/21E219 [FBAN/FBIOS;FBAV/455.0.0.42.108]';
const SAFARI_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

describe('isIphoneSafari', () => {
  it('recognises Safari on an iPhone or iPod touch', () => {
    expect(isIphoneSafari(SAFARI_IPHONE)).toBe(true);
    expect(isIphoneSafari(SAFARI_IPOD)).toBe(true);
  });

  it('leaves out other iPhone browsers, in-app views, iPads, Macs and Android', () => {
    for (const ua of [
      CHROME_IPHONE,
      FIREFOX_IPHONE,
      FACEBOOK_IPHONE,
      SAFARI_IPAD,
      SAFARI_MAC,
      CHROME_ANDROID,
      '',
    ]) {
      expect(isIphoneSafari(ua)).toBe(false);
    }
  });
});

describe('shouldSuggestHomeScreen', () => {
  it('suggests only outside the installed app and once per session', () => {
    expect(
      shouldSuggestHomeScreen({ userAgent: SAFARI_IPHONE, standalone: false, shownThisSession: false }),
    ).toBe(true);
    expect(
      shouldSuggestHomeScreen({ userAgent: SAFARI_IPHONE, standalone: true, shownThisSession: false }),
    ).toBe(false);
    expect(
      shouldSuggestHomeScreen({ userAgent: SAFARI_IPHONE, standalone: false, shownThisSession: true }),
    ).toBe(false);
    expect(
      shouldSuggestHomeScreen({ userAgent: CHROME_IPHONE, standalone: false, shownThisSession: false }),
    ).toBe(false);
  });
});
