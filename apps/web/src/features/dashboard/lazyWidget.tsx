import { type ComponentType, lazy, Suspense } from 'react';
import { Spinner } from '../../ui/Spinner.tsx';
import type { WidgetProps } from '../../ui/widgetContract.ts';

/**
 * A widget whose code is a chunk of its own, fetched when the widget is first drawn (issue 10
 * §11: the dashboard's first chunk stays small as widgets land). The widget's own Suspense
 * boundary keeps the rest of the grid on screen while it loads.
 */
export function lazyWidget(load: () => Promise<ComponentType<WidgetProps>>): ComponentType<WidgetProps> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyWidget(props: WidgetProps) {
    return (
      <Suspense
        fallback={
          <div className="widget-loading" data-testid="widget-loading">
            <Spinner />
          </div>
        }
      >
        <Lazy {...props} />
      </Suspense>
    );
  };
}
