import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { tinykeys } from 'tinykeys';
import { loadCommandPalette } from '../palette/index.ts';
import { SHORTCUTS, type ShortcutId } from './registry.ts';
import { ShortcutsDialog } from './ShortcutsDialog.tsx';
import { isModalOpen, isTypingTarget } from './typing.ts';
import './shortcuts.css';

// cmdk and the Radix dialog under it are fetched on the first Ctrl/Cmd+K, never with the
// dashboard (e2e/bundle.spec.ts; docs/decisions.md "Command palette loaded lazily").
const CommandPalette = lazy(() => loadCommandPalette().then((m) => ({ default: m.CommandPalette })));

/** The search box of the top bar: '/' lands there when no Quote widget took the key. */
const SEARCH_INPUT = '[data-testid="symbol-search"] input';

/**
 * The app's one keyboard listener (tinykeys on window). A Quote widget on the page listens on
 * the document for '/' and marks the press handled, so '/' opens Edit Quote where the spec says
 * and focuses the symbol search elsewhere.
 */
export function ShortcutLayer() {
  const [listOpen, setListOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  // The palette stays mounted once loaded (closed), so reopening it is instant.
  const [paletteLoaded, setPaletteLoaded] = useState(false);
  const state = useRef({ paletteOpen });
  state.current.paletteOpen = paletteOpen;

  useEffect(() => {
    const run: Record<ShortcutId, (event: KeyboardEvent) => void> = {
      shortcuts: (event) => {
        event.preventDefault();
        setListOpen(true);
      },
      quotes: (event) => {
        if (event.defaultPrevented) return;
        const search = document.querySelector<HTMLInputElement>(SEARCH_INPUT);
        if (!search) return;
        event.preventDefault();
        search.focus();
      },
      palette: (event) => {
        event.preventDefault();
        setPaletteLoaded(true);
        setPaletteOpen((open) => !open);
      },
      close: () => {},
    };
    const bindings: Record<string, (event: KeyboardEvent) => void> = {};
    for (const shortcut of SHORTCUTS) {
      if (!shortcut.binding) continue;
      bindings[shortcut.binding] = (event) => {
        // The palette's own key closes it from inside it; any other dialog keeps its keys.
        const ownPalette = shortcut.id === 'palette' && state.current.paletteOpen;
        if (!ownPalette && isModalOpen()) return;
        if (!shortcut.whileTyping && isTypingTarget(event.target)) return;
        run[shortcut.id](event);
      };
    }
    return tinykeys(window, bindings, { ignore: (event) => event.repeat || event.isComposing });
  }, []);

  return (
    <>
      <ShortcutsDialog open={listOpen} onClose={() => setListOpen(false)} />
      {paletteLoaded && (
        <Suspense fallback={null}>
          <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} />
        </Suspense>
      )}
    </>
  );
}
