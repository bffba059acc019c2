import { WIDGET_TITLES } from '@tapeline/core';
import type { ComponentType } from 'react';
import { AlertsWidget } from '../alerts/AlertsWidget.tsx';
import { MetersWidget } from '../meters/MetersWidget.tsx';
import { PopularWidget } from '../popular/PopularWidget.tsx';
import type { WidgetDefinition, WidgetProps } from './widgetContract.ts';

// Popular, Alerts and Meters (their components live in features/popular, alerts, meters).
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
