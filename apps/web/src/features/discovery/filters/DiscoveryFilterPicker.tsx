import {
  alertMessages,
  FILTERED_ALERTS_MAX,
  type FilteredAlert,
  isProPlus,
  type TimeframeId,
} from '@tapeline/core';
import { useEffect, useRef, useState } from 'react';
import { useUser } from '../../../app/session.tsx';
import { useAlerts } from '../../../lib/alerts/useAlerts.ts';
import { useToast } from '../../../ui/toast.tsx';
import { backtestDialog } from '../../alertLab/index.ts';
import { FilteredAlertModal } from '../../notifications/index.ts';
import type { NamedFilter } from './discoveryFiltersApi.ts';
import { FilterPicker } from './FilterPicker.tsx';
import { filtersText as text } from './filtersText.ts';
import { useDiscoveryFilter } from './useDiscoveryFilter.ts';

export interface DiscoveryFilterPickerProps {
  /** Called with the applied filter (null: Default) when it loads and whenever it changes. */
  onApply?: (filter: NamedFilter | null) => void;
  /** The toolbar's sectors and timeframe: where "Create alert from this filter" starts from. */
  alertContext?: { sectors: readonly number[]; timeframe: TimeframeId };
}

/**
 * The toolbar's smart-filter picker, wired to the saved filters: choose, add, edit, delete,
 * apply a 'temp-' filter, and (Pro Plus) open the Filtered Alert modal seeded with a filter.
 * The table can read the same choice with useDiscoveryFilter().active instead of onApply.
 */
export function DiscoveryFilterPicker({ onApply, alertContext }: DiscoveryFilterPickerProps) {
  const picker = useDiscoveryFilter();
  const proPlus = isProPlus(useUser().subscription);
  const [seed, setSeed] = useState<FilteredAlert | null>(null);
  const toast = useToast();
  const alerts = useAlerts();
  const apply = useRef(onApply);
  apply.current = onApply;

  useEffect(() => {
    apply.current?.(picker.active);
  }, [picker.active]);

  const createAlert = (filter: NamedFilter) => {
    const list = alerts.data?.filtered_alerts ?? [];
    if (list.length >= FILTERED_ALERTS_MAX) {
      toast(alertMessages.filteredLimit, { tone: 'error' });
      return;
    }
    setSeed({
      name: filter.name,
      type: filter.type,
      values: filter.values,
      sector: { min: [...(alertContext?.sectors ?? [])] },
      timeframe: { min: alertContext?.timeframe ?? '1day' },
    });
  };

  const backtest = (filter: NamedFilter) =>
    backtestDialog.open({
      rule: {
        kind: 'smart',
        name: filter.name || undefined,
        type: filter.type,
        values: filter.values,
        timeframe: alertContext?.timeframe ?? '1day',
        // The toolbar's empty choice is All sectors: no list (an empty one would match none).
        ...(alertContext?.sectors.length ? { sector: { min: [...alertContext.sectors] } } : {}),
      },
      title: filter.name || text.thisFilter,
    });

  return (
    <>
      <FilterPicker
        filters={picker.filters}
        selected={picker.selected}
        temp={picker.temp}
        onSelect={picker.select}
        onSave={picker.save}
        onDelete={picker.remove}
        onApply={picker.applyTemp}
        onCreateAlert={proPlus ? createAlert : undefined}
        onBacktest={proPlus ? backtest : undefined}
      />
      {proPlus ? (
        <FilteredAlertModal
          open={seed !== null}
          list={alerts.data?.filtered_alerts ?? []}
          editIndex={null}
          seed={seed ?? undefined}
          onClose={() => setSeed(null)}
        />
      ) : null}
    </>
  );
}
