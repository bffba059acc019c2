import { useState } from 'react';
import { useConfig } from '../../lib/useConfig.ts';
import { badgeFor, iconUrlFor } from './symbolIcon.ts';

// Icons that failed once (no such image on the CDN) go straight to the badge for this visit.
const failedIcons = new Set<string>();

/** The symbol's icon from the configured image URL, or a lettered badge when there is none. */
export function SymbolIcon({ symbol, size = 28 }: { symbol: string; size?: number }) {
  const { data: config } = useConfig();
  const [failedSymbol, setFailedSymbol] = useState<string | null>(null);
  const url = iconUrlFor(config?.symbolIconUrl, symbol);
  const box = { width: size, height: size };

  if (url && failedSymbol !== symbol && !failedIcons.has(symbol)) {
    return (
      <img
        className="symbol-icon"
        src={url}
        alt=""
        style={box}
        data-testid="symbol-icon"
        onError={() => {
          failedIcons.add(symbol);
          setFailedSymbol(symbol);
        }}
      />
    );
  }
  const badge = badgeFor(symbol);
  return (
    <span
      className="symbol-badge"
      aria-hidden="true"
      data-testid="symbol-badge"
      style={{ ...box, fontSize: Math.round(size * 0.4), background: `hsl(${badge.hue} 45% 32%)` }}
    >
      {badge.letters}
    </span>
  );
}
