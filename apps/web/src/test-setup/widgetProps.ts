import { defaultConfig, defaultLayout, type WidgetId } from '@tapeline/core';
import type { WidgetProps } from '../ui/widgetContract.ts';

/** What the grid hands a widget: the default layout and config, a grid cell of 4×6 at the widest breakpoint. */
export function widgetProps(id: WidgetId, overrides: Partial<WidgetProps> = {}): WidgetProps {
  return {
    id,
    mode: 'grid',
    size: { w: 4, h: 6 },
    breakpoint: 'xxl',
    layout: defaultLayout('primary'),
    config: defaultConfig(),
    onLayoutChange: () => {},
    ...overrides,
  };
}
