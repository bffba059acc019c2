import { messages, parseSearch } from '@tapeline/core';
import { type KeyboardEvent, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useStockNames, useUsernames } from '../../lib/referenceData.ts';
import { MEDIA } from '../../styles/breakpoints.ts';
import { rectOf, useOpenSymbolMenu } from '../symbols/index.ts';
import { type SearchItem, searchView } from './searchResults.ts';
import { searchText } from './searchText.ts';
import { useSearchStats } from './useSearchStats.ts';
import './search.css';

const IconSearch = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 16 16"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    aria-hidden="true"
  >
    <circle cx="7" cy="7" r="4.5" />
    <path d="m10.5 10.5 3 3" strokeLinecap="round" />
  </svg>
);

/**
 * The top bar's search (spec §2 overlays): symbols by symbol or company name, or users after
 * an @. Choosing a symbol opens its context menu at the box; choosing a user just closes.
 */
export function SymbolSearch() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const mobileButtonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const names = useStockNames();
  const users = useUsernames();
  const openMenu = useOpenSymbolMenu();
  const stats = useSearchStats();

  const query = useDeferredValue(text);
  const namesList = names.data ?? (names.isError ? [] : undefined);
  const usersList = users.data ?? (users.isError ? [] : undefined);
  const view = useMemo(() => searchView(query, namesList, usersList), [query, namesList, usersList]);
  const items = view.state === 'results' ? view.items : [];
  const shown = open && view.state !== 'closed';

  useEffect(() => {
    const search = parseSearch(query);
    stats.typed(search.kind === 'symbol' ? search.query : '');
  }, [query, stats]);

  // The full-screen bar mounts a fresh input: give it the focus the button press asked for.
  useEffect(() => {
    if (mobileOpen) inputRef.current?.focus();
  }, [mobileOpen]);

  // Below the breakpoint the box is a search button that opens a full-screen search bar (CSS);
  // widening the window past it closes that bar.
  useEffect(() => {
    const media = window.matchMedia(MEDIA.mobile);
    const onChange = () => {
      if (!media.matches) setMobileOpen(false);
    };
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPress = (event: PointerEvent) => {
      if (event.target instanceof Node && !boxRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPress, true);
    return () => document.removeEventListener('pointerdown', onPress, true);
  }, [open]);

  const closeAll = () => {
    setOpen(false);
    setMobileOpen(false);
  };

  const choose = (item: SearchItem) => {
    const anchor = inputRef.current ? rectOf(inputRef.current) : null;
    const returnFocus = mobileOpen ? mobileButtonRef.current : inputRef.current;
    setText('');
    closeAll();
    if (item.kind === 'symbol' && anchor) {
      stats.chosen(item.symbol);
      openMenu(item.symbol, anchor, returnFocus);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = (step: number) => {
      event.preventDefault();
      setOpen(true);
      if (items.length > 0) setActive((at) => (at + step + items.length) % items.length);
    };
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Enter') {
      const item = items[active] ?? items[0];
      if (shown && item) {
        event.preventDefault();
        choose(item);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (shown) setOpen(false);
      else setMobileOpen(false);
    } else if (event.key === 'Tab') setOpen(false);
  };

  const note =
    view.state === 'hint'
      ? searchText.userHint
      : view.state === 'loading'
        ? searchText.loading
        : view.state === 'empty'
          ? messages.noResults
          : null;

  const box = (
    <div ref={boxRef} className={mobileOpen ? 'search search--full' : 'search'} data-testid="symbol-search">
      <div className="search-field">
        <IconSearch />
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          className="search-input"
          placeholder={searchText.placeholder}
          aria-label={searchText.placeholder}
          aria-autocomplete="list"
          aria-expanded={shown && items.length > 0}
          aria-controls={shown && items.length > 0 ? listId : undefined}
          aria-activedescendant={shown && items[active] ? `${listId}-${active}` : undefined}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {mobileOpen && (
          <button type="button" className="search-close" aria-label={searchText.close} onClick={closeAll}>
            {searchText.cancel}
          </button>
        )}
      </div>
      {shown && (
        <div className="search-dropdown">
          {note !== null ? (
            <p className="search-note" data-testid="search-note">
              {note}
            </p>
          ) : (
            <div className="search-results" role="listbox" id={listId} aria-label={searchText.results}>
              {items.map((item, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input owns the keyboard (arrows, Enter).
                <div
                  key={item.key}
                  tabIndex={-1}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={index === active ? 'search-option is-active' : 'search-option'}
                  // Keeps the focus in the input, so the press is a choice and not a blur.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(item)}
                >
                  {item.kind === 'symbol' ? (
                    <>
                      <span className="search-option__symbol">{item.symbol}</span>
                      <span className="search-option__name">{item.name}</span>
                    </>
                  ) : (
                    <span className="search-option__user">@{item.username}</span>
                  )}
                </div>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );

  return (
    <>
      <button
        ref={mobileButtonRef}
        type="button"
        className="search-open"
        aria-label={searchText.open}
        onClick={() => {
          setMobileOpen(true);
          setOpen(true);
        }}
      >
        <IconSearch />
      </button>
      {/* The top bar's backdrop filter would trap a fixed child: the full-screen bar lives on the body. */}
      {mobileOpen ? createPortal(box, document.body) : box}
    </>
  );
}
