import { uiText } from '../../lib/uiText.ts';

/** Placeholder: the settings page is specified in the dashboard document, a later issue. */
export function SettingsPage() {
  return (
    <section className="placeholder-page">
      <h1>{uiText.settingsTitle}</h1>
      <p className="muted">{uiText.comingSoon}</p>
    </section>
  );
}
