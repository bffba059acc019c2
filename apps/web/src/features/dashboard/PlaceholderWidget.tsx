import type { WidgetProps } from '../../ui/widgetContract.ts';
import { dashboardText } from './dashboardText.ts';

/** Chat, News, Quote and Discovery arrive with their own issues; until then they hold their place. */
export function PlaceholderWidget({ id }: WidgetProps) {
  return (
    <div className="widget-placeholder" data-testid={`placeholder-${id}`}>
      <p className="muted">{dashboardText.comingSoon}</p>
    </div>
  );
}
