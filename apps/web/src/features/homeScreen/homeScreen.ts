import { PRODUCT_NAME } from '@tapeline/core';

/** Spec §2 overlays: the iPhone toast, shown for 5 s once per session. */
export const HOME_SCREEN_HINT = `Add ${PRODUCT_NAME} to your Home Screen: tap Share, then Add to Home Screen`;
export const HOME_SCREEN_HINT_MS = 5000;

// Other browsers on iOS and in-app web views cannot add to the Home Screen from their Share sheet.
const NOT_SAFARI =
  /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|DuckDuckGo|GSA\/|FBAN|FBAV|Instagram|Line\/|Snapchat/;

/** Safari on an iPhone (or iPod touch), judged from the user-agent string. */
export function isIphoneSafari(userAgent: string): boolean {
  if (!/\b(iPhone|iPod)\b/.test(userAgent)) return false;
  if (NOT_SAFARI.test(userAgent)) return false;
  return /Version\/[\d.]+.*Safari\//.test(userAgent);
}

/** The toast shows on iPhone Safari outside the installed app, once per session. */
export function shouldSuggestHomeScreen(env: {
  userAgent: string;
  standalone: boolean;
  shownThisSession: boolean;
}): boolean {
  return !env.standalone && !env.shownThisSession && isIphoneSafari(env.userAgent);
}
