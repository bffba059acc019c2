import { WIDGET_TITLES } from '@tapeline/core';
import type { ComponentType } from 'react';
import type { WidgetDefinition, WidgetProps } from '../../ui/widgetContract.ts';
import { loadAlertsWidget } from '../alerts/index.ts';
import { loadMetersWidget } from '../meters/index.ts';
import { loadPopularWidget } from '../popular/index.ts';
import { lazyWidget } from './lazyWidget.tsx';

// Popular, Alerts and Meters (their components live in features/popular, alerts, meters), each a
// chunk fetched when the widget is first drawn.
const PopularWidget = lazyWidget(() => loadPopularWidget().then((m) => m.PopularWidget));
const AlertsWidget = lazyWidget(() => loadAlertsWidget().then((m) => m.AlertsWidget));
const MetersWidget = lazyWidget(() => loadMetersWidget().then((m) => m.MetersWidget));

const simple = (
  id: 'popular' | 'alerts' | 'meters',
  Component: ComponentType<WidgetProps>,
  popout: boolean,
): WidgetDefinition => ({
  id,
  title: () => WIDGET_TITLES[id],
  Component,
  popout,
});

export const extraWidgets = {
  popular: simple('popular', PopularWidget, true),
  alerts: simple('alerts', AlertsWidget, true),
  meters: simple('meters', MetersWidget, true),
};
