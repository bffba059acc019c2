import { WIDGET_TITLES } from '@tapeline/core';
import type { ComponentType } from 'react';
import type { WidgetDefinition, WidgetProps } from '../../ui/widgetContract.ts';
import { lazyWidget } from './lazyWidget.tsx';

// Popular, Alerts and Meters (their components live in features/popular, alerts, meters), each a
// chunk fetched when the widget is first drawn.
const PopularWidget = lazyWidget(() => import('../popular/PopularWidget.tsx').then((m) => m.PopularWidget));
const AlertsWidget = lazyWidget(() => import('../alerts/AlertsWidget.tsx').then((m) => m.AlertsWidget));
const MetersWidget = lazyWidget(() => import('../meters/MetersWidget.tsx').then((m) => m.MetersWidget));

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
  meters: simple('meters', MetersWidget, false),
};
