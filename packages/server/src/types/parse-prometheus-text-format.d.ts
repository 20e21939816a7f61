declare module 'parse-prometheus-text-format' {
  /** One sample: a counter's or gauge's value, or a histogram's buckets, count and sum. */
  export interface PrometheusSample {
    labels?: Record<string, string>;
    value?: string;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }

  export interface PrometheusFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  }

  /** Parses the Prometheus text exposition format (prom2json's output shape); throws on bad input. */
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
