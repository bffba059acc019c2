import type { BreakpointId, DashboardConfig, Layout, WidgetId } from '@tapeline/core';
import type { ComponentType, ReactNode } from 'react';

/** Where a widget is drawn: a grid cell, the whole grid (maximised) or its own window. */
export type WidgetMode = 'grid' | 'maximized' | 'popout';

/** What every widget receives (Grafana's PanelProps, for our grid). */
export interface WidgetProps {
  id: WidgetId;
  mode: WidgetMode;
  /** Its size in grid units (a pop-out reports the grid cell it came from). */
  size: { w: number; h: number };
  /** The grid breakpoint on screen: split and merge edit this one only. */
  breakpoint: BreakpointId;
  layout: Layout;
  config: DashboardConfig;
  /** Change this widget's options in the active layout (saved with the layout). */
  onLayoutChange(change: (layout: Layout) => Layout): void;
}

export interface WidgetDefinition {
  id: WidgetId;
  title(props: Pick<WidgetProps, 'id' | 'layout' | 'config'>): string;
  Component: ComponentType<WidgetProps>;
  /** Extra toolbar controls (the Streams' Main/Alt and split/merge). */
  Toolbar?: ComponentType<WidgetProps>;
  popout: boolean;
  proOnly?: boolean;
}

export type WidgetRegistry = Readonly<Record<WidgetId, WidgetDefinition>>;
export type { ReactNode };
