import { WIDGET_TITLES } from '@tapeline/core';
import { PlaceholderWidget } from './PlaceholderWidget.tsx';
import type { WidgetDefinition } from './widgetContract.ts';

// Popular, Alerts and Meters (their components live in features/popular, alerts, meters).
const simple = (id: 'popular' | 'alerts' | 'meters', popout: boolean): WidgetDefinition => ({
  id,
  title: () => WIDGET_TITLES[id],
  Component: PlaceholderWidget,
  popout,
});

export const extraWidgets = {
  popular: simple('popular', true),
  alerts: simple('alerts', true),
  meters: simple('meters', false),
};
