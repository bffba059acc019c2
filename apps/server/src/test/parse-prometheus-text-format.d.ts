/** parse-prometheus-text-format ships no types: its one function, as its README describes it. */
declare module 'parse-prometheus-text-format' {
  interface ParsedSample {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
    quantiles?: Record<string, string>;
  }
  interface ParsedFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: ParsedSample[];
  }
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
