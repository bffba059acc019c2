import { controlText } from '../../ui/controlText.ts';
import { dashboardText as text } from './dashboardText.ts';
import { currentBrowser, POPUP_HELP } from './popouts.ts';

/** The browser refused a pop-out window: say so, and how to allow pop-ups in this browser. */
export function PopupBlockedBanner({ onDismiss }: { onDismiss(): void }) {
  const browser = currentBrowser(navigator.userAgent);
  const help = POPUP_HELP.find((h) => h.browser === browser) ?? POPUP_HELP[0];
  return (
    <div className="popup-blocked" role="alert" data-testid="popup-blocked">
      <span>{text.popupBlocked}</span>
      {help && (
        <a href={help.url} target="_blank" rel="noreferrer">
          {text.popupHelp(help.browser)}
        </a>
      )}
      <button type="button" className="tool-btn" aria-label={controlText.dismiss} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
