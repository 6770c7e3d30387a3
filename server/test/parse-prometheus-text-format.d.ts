/** The package ships no types: it parses a Prometheus text exposition into its metric families. */
declare module 'parse-prometheus-text-format' {
  interface PrometheusSample {
    value?: string;
    labels?: Record<string, string>;
    /** Histograms: upper bound → cumulative count (the parser merges a family's series into one). */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  interface PrometheusFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  }
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
