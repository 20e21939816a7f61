/** pino's numeric levels, so these lines read like the server's own log. */
const LEVELS = { fatal: 60, error: 50, warn: 40, info: 30 } as const;

export type JsonLogLevel = keyof typeof LEVELS;

/**
 * One log line in the server log's JSON shape, for what is written outside a Fastify logger
 * (start-up, connection pools, mail delivery, notices of libraries). Callers pass no personal
 * data or secrets: codes and fixed texts only.
 */
export function jsonLogLine(
  level: JsonLogLevel,
  msg: string,
  fields: Record<string, unknown> = {},
): string {
  return `${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, ...fields, msg })}\n`;
}

/** Writes a JSON log line to stderr. */
export function logToStderr(
  level: JsonLogLevel,
  msg: string,
  fields: Record<string, unknown> = {},
): void {
  process.stderr.write(jsonLogLine(level, msg, fields));
}
