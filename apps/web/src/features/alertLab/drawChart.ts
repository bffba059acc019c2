import {
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  HistogramSeries,
  type IChartApi,
  type IPriceLine,
  LineSeries,
  LineStyle,
  type SeriesMarker,
  type Time,
} from 'lightweight-charts';
import type { ChartData, Marker } from './chartData.ts';

// The one file that touches the chart library (lightweight-charts, loaded with the chart only).

const css = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

export interface DrawnChart {
  /** Draws new bars (a live session's next minute) without resetting the trader's zoom. */
  update(data: ChartData): void;
  remove(): void;
}

const MARKER_SHAPE: Record<Marker['kind'], SeriesMarker<Time>['shape']> = {
  high: 'arrowDown',
  low: 'arrowUp',
  halt: 'square',
  resume: 'square',
  alert: 'circle',
  fire: 'arrowUp',
};

/** Candles, VWAP, volume, the day's high and low, and markers, in `element`. */
export function drawChart(
  element: HTMLElement,
  data: ChartData,
  words: { high: string; low: string },
): DrawnChart {
  const up = css('--success', '#22d3a6');
  const down = css('--danger', '#f5577a');
  const text = css('--text-muted', '#8a97a8');
  const grid = css('--border', '#233040');
  const chart: IChartApi = createChart(element, {
    autoSize: true,
    // The library's own attribution logo is an inline <style> our CSP refuses (style-src 'self');
    // the modal credits TradingView with a plain link instead (its Apache-2.0 NOTICE asks for one).
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: text,
      attributionLogo: false,
    },
    grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    timeScale: { timeVisible: true, secondsVisible: false },
  });
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: up,
    downColor: down,
    wickUpColor: up,
    wickDownColor: down,
    borderVisible: false,
  });
  const vwap = chart.addSeries(LineSeries, {
    color: css('--gold', '#f5b93b'),
    lineWidth: 1,
    priceLineVisible: false,
    lastValueVisible: false,
  });
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'volume' },
  });
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } });
  const markers = createSeriesMarkers(candles, []);
  let lines: IPriceLine[] = [];

  const draw = (d: ChartData) => {
    candles.setData(d.candles.map((c) => ({ ...c, time: c.time as Time })));
    vwap.setData(d.vwap.map((p) => ({ time: p.time as Time, value: p.value })));
    volume.setData(
      d.volume.map((p) => ({ time: p.time as Time, value: p.value, color: p.up ? `${up}66` : `${down}66` })),
    );
    markers.setMarkers(
      d.markers.map((m) => ({
        time: m.time as Time,
        position: m.position,
        shape: MARKER_SHAPE[m.kind],
        color:
          m.kind === 'fire' ? css('--info', '#4ea1ff') : m.kind === 'alert' ? css('--gold', '#f5b93b') : text,
        text: m.text,
      })),
    );
    for (const line of lines) candles.removePriceLine(line);
    lines = [];
    if (d.high !== null)
      lines.push(
        candles.createPriceLine({ price: d.high, color: up, lineStyle: LineStyle.Dashed, title: words.high }),
      );
    if (d.low !== null)
      lines.push(
        candles.createPriceLine({ price: d.low, color: down, lineStyle: LineStyle.Dashed, title: words.low }),
      );
  };
  draw(data);
  chart.timeScale().fitContent();
  return { update: draw, remove: () => chart.remove() };
}
