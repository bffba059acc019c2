import { WIDGET_TITLES } from '@tapeline/core';
import type { WidgetDefinition, WidgetRegistry } from '../../ui/widgetContract.ts';
import { loadChatWidget } from '../chat/index.ts';
import { loadDiscoveryWidget } from '../discovery/index.ts';
import { loadNewsWidget } from '../news/index.ts';
import { loadQuoteWidget } from '../quotes/index.ts';
import { isStreamWidget, loadStreamWidget, StreamToolbar, streamHeading } from '../stream/index.ts';
import { extraWidgets } from './extraWidgets.ts';
import { lazyWidget } from './lazyWidget.tsx';

// The stream's socket, decoder and virtualised tables load with the first Stream drawn.
const StreamWidget = lazyWidget(() => loadStreamWidget().then((m) => m.StreamWidget));
// The news feed, its detail modal and socket listener: a chunk fetched when News is first drawn.
const NewsWidget = lazyWidget(() => loadNewsWidget().then((m) => m.NewsWidget));

const stream = (id: 'stream1' | 'stream2'): WidgetDefinition => ({
  id,
  title: ({ layout, config }) => (isStreamWidget(id) ? streamHeading(id, layout, config) : WIDGET_TITLES[id]),
  Component: StreamWidget,
  Toolbar: StreamToolbar,
  popout: true,
});

// The quote cards, list, edit modal and drag-to-reorder (@dnd-kit): fetched when Quote is first drawn.
const QuoteWidget = lazyWidget(() => loadQuoteWidget().then((m) => m.QuoteWidget));

// The Discovery screener, its table library and toolbar: fetched when Discovery is first drawn.
const DiscoveryWidget = lazyWidget(() => loadDiscoveryWidget().then((m) => m.DiscoveryWidget));

// The community chat, its socket listener and DOMPurify: fetched when Chat is first drawn.
const ChatWidget = lazyWidget(() => loadChatWidget().then((m) => m.ChatWidget));

/** Every widget the grid knows, by id. */
export const WIDGETS: WidgetRegistry = {
  stream1: stream('stream1'),
  stream2: stream('stream2'),
  news: { id: 'news', title: () => WIDGET_TITLES.news, Component: NewsWidget, popout: true },
  quote: { id: 'quote', title: () => WIDGET_TITLES.quote, Component: QuoteWidget, popout: true },
  chat: { id: 'chat', title: () => WIDGET_TITLES.chat, Component: ChatWidget, popout: true },
  discovery: {
    id: 'discovery',
    title: () => WIDGET_TITLES.discovery,
    Component: DiscoveryWidget,
    popout: true,
    proOnly: true,
  },
  ...extraWidgets,
};
