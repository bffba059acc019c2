import type { DiscoveryColumnId, WidgetToggle } from '@tapeline/core';

/**
 * The built-in help page (HELP_URL's default, /help). Plain words for traders; the numbers
 * follow docs/metrics.md and the spec, so a change there is a change here.
 */
export const helpText = {
  title: 'Help',
  intro:
    'Tapeline shows the market as it happens in a grid of widgets. This page explains each widget, the stream channels, the Discovery columns and the keyboard shortcuts.',
  backToLogin: 'Back to log in',
  contents: 'On this page',
  widgetsHeading: 'Widgets',
  widgetsIntro:
    'Each widget has a toolbar: drag it by its handle, pop it out into a window of its own or maximise it. The buttons above the grid show and hide widgets while the active layout is unlocked; the layout menu switches between Primary, Optional and Dynamic and locks, unlocks or resets each.',
  channelsHeading: 'Stream channels',
  channelsIntro:
    'A Stream widget shows new highs and new lows side by side (columns Symbol, Count, Last), with halts and unusual volume. Each stream follows a channel, Main or Alt, set on the Stream tab of the settings page; a stream with both channels has Main and Alt toggles and can be split into two widgets or merged back.',
  channelRangesHeading: 'Filter ranges',
  channelRanges:
    'Price 0–5,000 dollars; volume 0–200,000,000 shares; float 0–100,000,000,000 shares; ATR %, gap % and count 0–1,000. A maximum at the top of its range means no limit. ATR % and gap % filters need Pro Plus. Industries narrow the stream to the sectors you tick.',
  channelClosed:
    'Outside 4:00 to 20:00 New York time, and at weekends, a stream shows MARKET IS CURRENTLY CLOSED with a countdown to the open; LOAD RECENT fills it with the latest session’s events.',
  discoveryHeading: 'Discovery columns',
  discoveryIntro:
    'Discovery (Pro) screens every listed symbol on a timeframe you choose, from 15 minutes to 1 month. The current bar is the bar of that timeframe that holds the present moment. Columns can be hidden on the Discovery tab of the settings page; Last, ATR and Gap show percent or dollars. Click a header to sort (descending first); Squeeze cycles through now, pre and post.',
  shortcutsHeading: 'Keyboard shortcuts',
  shortcutsIntro: 'Press ? anywhere in the app to see this list.',
} as const;

/** What each widget shows, by its toggle. */
export const WIDGET_HELP: Readonly<Record<WidgetToggle, string>> = {
  STREAM:
    'New highs and new lows of the day as they print, side by side, with the count of each and the last price, plus halts and unusual volume. One or two streams, each on its own channel.',
  ALERTS:
    'The history of your alerts as they fire (price, volume, VWAP, trade, halt and filtered alerts), each with its message and time; open one for its detail, or clear the list.',
  METERS:
    'Three gauges, DOW, NAZ and SPY (read from DIA, QQQ and SPY): how far each has moved today against how far it usually moves in a day (its 14-day ATR). The centre tile is no change; each tile out is a quarter of an ATR, red to the left, green to the right.',
  POPULAR:
    'The up to 100 symbols traders look at most right now, the most popular largest. A symbol blinks for 5 seconds when it reappears in an update.',
  CHAT: 'The community chat: channels, replies, votes and mentions. Search a channel by @user or by symbol.',
  NEWS: 'Headlines as they are published, each with its symbols; open one to read it.',
  QUOTE:
    'Your favourite symbols with their live price and change, as cards, a list or a slider. Press / to edit the list; drag to reorder or sort by name or change.',
  DISCOVERY:
    'A screener of every symbol with the columns below, live, on the timeframe you choose, with smart filters and a CSV export. Pro and Pro Plus.',
};

/** The stream channel types (settings → Stream) and what each one streams. */
export const CHANNEL_HELP: readonly (readonly [string, string])[] = [
  [
    'None',
    'The channel is off (Channel disabled). Only Alt can be off; turning it off returns every stream to Main.',
  ],
  [
    'Filter',
    'Every symbol whose price, volume, float, ATR %, gap % and count fall within your ranges, in the industries you chose.',
  ],
  ['Custom', 'Only the symbols of your own list (Add Symbol, Edit Symbols).'],
  ['Favorite', 'Only the symbols in your quotes (favourites). No settings needed.'],
  ['Popular', 'Only the symbols in the Popular list right now. No settings needed.'],
];

/** What each Discovery column means (docs/metrics.md, "Discovery row"). */
export const DISCOVERY_HELP: Readonly<Record<DiscoveryColumnId, string>> = {
  symbol: 'The ticker. Click it for its menu: copy, money flow, volume, add an alert.',
  price_dist:
    'The last price, and its change in percent or dollars: against the prior close on 1 day, against the previous bar’s close on shorter and longer timeframes.',
  volume:
    'Shares traded in the current bar (the whole session on 1 day), and the change against the previous bar.',
  moneyflow:
    'Dollars traded in the current bar (price × shares of every print), and the change against the previous bar.',
  float: 'Shares available to trade (the float).',
  momentum: 'New highs of the day minus new lows of the day made during the current bar.',
  uVol: 'Unusual volume, %: volume so far in this part of the day against the average for the same part of the day over past sessions (15-minute slots from 4:00). 0 is a normal day; 100 is twice the usual.',
  vWapDist: 'Distance of the last price from VWAP (the average price paid, weighted by volume), in percent.',
  short_ratio: 'Short ratio: days of average volume it would take short sellers to cover.',
  squeeze:
    'TTM squeeze: Bollinger Bands inside the Keltner Channels. A positive number counts the bars in a squeeze (pre), 0 means it fired on this bar (now), a negative number counts the bars since it fired (post).',
  atr: 'Average true range over 14 bars of the timeframe, as a percent of the last price (or in dollars): how far it typically moves in one bar.',
  trend:
    'Supertrend (10, 3): BUY in an uptrend, SELL in a downtrend, with the price where it would flip; marked when it flipped in the current bar.',
  rs: 'Relative strength: the symbol’s percent change minus SPY’s over the same bar.',
  gap: 'Today’s open against the prior close, in percent or dollars; before 9:30 the pre-market price against the prior close.',
  actions: 'Set an alert on the symbol.',
};
