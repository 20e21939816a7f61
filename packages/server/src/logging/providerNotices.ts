import { logToStderr } from './jsonLine.js';

// oidc-provider prints its notices with console.info/console.warn (helpers/attention.js),
// coloured when the stream is a terminal.
const ESCAPE = String.fromCharCode(0x1b);
const NOTICE = new RegExp(
  `^(?:${ESCAPE}\\[[\\d;]*m)?oidc-provider (NOTICE|WARNING): ([\\s\\S]*?)(?:${ESCAPE}\\[0m)?$`,
);

/**
 * Routes oidc-provider's console notices into JSON log lines (warn for WARNING, info for
 * NOTICE); any other console output is left alone. Installed by the command-line entry before
 * oidc-provider is imported, since it warns at import (e.g. about the Node.js version).
 */
export function routeProviderNotices(): void {
  for (const method of ['info', 'warn'] as const) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      const match = typeof args[0] === 'string' && args.length === 1 ? NOTICE.exec(args[0]) : null;
      if (!match) return original(...args);
      logToStderr(match[1] === 'WARNING' ? 'warn' : 'info', match[2]!, {
        source: 'oidc-provider',
      });
    };
  }
}
