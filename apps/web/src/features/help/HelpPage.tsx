import { DISCOVERY_COLUMNS, WIDGET_TOGGLES } from '@tapeline/core';
import { Link } from 'react-router';
import { useHasChrome } from '../../app/chrome.ts';
import { ShortcutTable } from '../shortcuts/index.ts';
import { CHANNEL_HELP, DISCOVERY_HELP, helpText, WIDGET_HELP } from './helpText.ts';
import './help.css';

const SECTIONS = [
  ['help-widgets', helpText.widgetsHeading],
  ['help-channels', helpText.channelsHeading],
  ['help-discovery', helpText.discoveryHeading],
  ['help-shortcuts', helpText.shortcutsHeading],
] as const;

/** Terms and their meanings as a description list. */
function Terms({ items }: { items: readonly (readonly [string, string])[] }) {
  return (
    <dl className="help-terms">
      {items.map(([term, meaning]) => (
        <div key={term} className="help-term">
          <dt>{term}</dt>
          <dd>{meaning}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The built-in help (/help, HELP_URL's default): for everyone, framed only for subscribers. */
export function HelpPage() {
  const chrome = useHasChrome();
  return (
    <div className={chrome ? 'help-page' : 'help-page help-page-bare'}>
      <header className="help-header">
        <h1>{helpText.title}</h1>
        <p>{helpText.intro}</p>
        {!chrome && <Link to="/login">{helpText.backToLogin}</Link>}
        <nav aria-label={helpText.contents} className="help-contents">
          {SECTIONS.map(([id, heading]) => (
            <a key={id} href={`#${id}`}>
              {heading}
            </a>
          ))}
        </nav>
      </header>

      <section id="help-widgets" aria-labelledby="help-widgets-h">
        <h2 id="help-widgets-h">{helpText.widgetsHeading}</h2>
        <p>{helpText.widgetsIntro}</p>
        <Terms items={WIDGET_TOGGLES.map((toggle) => [toggle, WIDGET_HELP[toggle]] as const)} />
      </section>

      <section id="help-channels" aria-labelledby="help-channels-h">
        <h2 id="help-channels-h">{helpText.channelsHeading}</h2>
        <p>{helpText.channelsIntro}</p>
        <Terms items={CHANNEL_HELP} />
        <h3>{helpText.channelRangesHeading}</h3>
        <p>{helpText.channelRanges}</p>
        <p>{helpText.channelClosed}</p>
      </section>

      <section id="help-discovery" aria-labelledby="help-discovery-h">
        <h2 id="help-discovery-h">{helpText.discoveryHeading}</h2>
        <p>{helpText.discoveryIntro}</p>
        <Terms
          items={DISCOVERY_COLUMNS.map((column) => [column.label, DISCOVERY_HELP[column.id]] as const)}
        />
      </section>

      <section id="help-shortcuts" aria-labelledby="help-shortcuts-h">
        <h2 id="help-shortcuts-h">{helpText.shortcutsHeading}</h2>
        <p>{helpText.shortcutsIntro}</p>
        <ShortcutTable />
      </section>
    </div>
  );
}
