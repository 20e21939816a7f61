import type { CheckName } from '@verity/contracts';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** How a user proved who they are, as the login metrics name it (a fixed list: no ids). */
export type LoginMethod =
  | 'password'
  | 'email_code'
  | 'social'
  | 'bank'
  | 'pin'
  | 'sms'
  | 'voice'
  | 'authenticator'
  | 'security_key'
  | 'recovery_code';

export type LoginOutcome = 'success' | 'failure';

/**
 * How an identity check ended (features/checks/checkOutcome.ts): passed; failed; a record of
 * another person (a failed check, counted apart); no record with these details (a retry).
 */
export type CheckOutcome = 'passed' | 'failed' | 'mismatch' | 'no_record';

export interface MetricsOptions {
  /** E-mail waiting to be sent: the durable mail queue's pending count (`mailQueue.pendingCount()`). */
  mailQueueDepth: () => Promise<number>;
}

/**
 * Every metric Verity exports, on a registry of its own (not prom-client's global one), so
 * several app contexts in one process (the tests) never collide. Label values come from fixed
 * lists or route patterns, never from a request's data: no ids, addresses or e-mail in labels.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'verity_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'verity_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route pattern.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly logins = new Counter({
    name: 'verity_logins_total',
    help: 'Login attempts (first and second factors) by method and outcome.',
    labelNames: ['method', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly checks = new Counter({
    name: 'verity_identity_checks_total',
    help: 'Identity checks answered by a provider, by check and outcome (passed, failed, mismatch, no_record).',
    labelNames: ['check', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly rateLimitRefusals = new Counter({
    name: 'verity_rate_limit_refusals_total',
    help: 'Calls refused because a rate limit or guess budget was spent, by limit name.',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  constructor(options: MetricsOptions) {
    // The standard process_* and nodejs_* names, so stock dashboards read them.
    collectDefaultMetrics({ register: this.registry });
    const depth = options.mailQueueDepth;
    new Gauge({
      name: 'verity_mail_queue_depth',
      help: 'E-mail waiting to be sent (NaN when the queue could not be read).',
      registers: [this.registry],
      async collect() {
        // A scrape during a database outage still answers, with this gauge unknown.
        this.set(await depth().catch(() => Number.NaN));
      },
    });
  }

  login(method: LoginMethod, outcome: LoginOutcome): void {
    this.logins.inc({ method, outcome });
  }

  check(check: CheckName, outcome: CheckOutcome): void {
    this.checks.inc({ check, outcome });
  }

  refused(limit: string): void {
    this.rateLimitRefusals.inc({ limit });
  }

  /**
   * The two request metrics' children for one set of labels, looked up once: prom-client
   * otherwise hashes the labels object (its keys sorted and joined) on every inc and observe.
   * The keys are few: methods Fastify accepts, route patterns, status classes.
   */
  private readonly answeredChildren = new Map<
    string,
    { count: { inc(): void }; duration: { observe(value: number): void } }
  >();

  /** One answered request; `route` is the pattern (`/requests/:id`), never the raw URL. */
  answered(method: string, route: string, status: number, seconds: number): void {
    const statusClass = `${Math.floor(status / 100)}xx`;
    const key = `${method} ${statusClass} ${route}`;
    let children = this.answeredChildren.get(key);
    if (!children) {
      const labels = { method, route, status_class: statusClass };
      children = {
        count: this.httpRequests.labels(labels),
        duration: this.httpDuration.labels(labels),
      };
      this.answeredChildren.set(key, children);
    }
    children.count.inc();
    children.duration.observe(seconds);
  }
}
