import { buildApp } from '../app.js';
import { ConfigError, insecureSettings, missingSharedSecrets, type Config } from '../config.js';
import { createAppContext } from '../context.js';
import { logToStderr } from '../logging/jsonLine.js';
import { sweepExpired } from '../oidc/adapter.js';
import { purgeClosedAccounts } from '../features/account/closeAccount.js';
import { sweepContactMessages } from '../features/contact/retention.js';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** Runs the server until SIGTERM or SIGINT, then shuts down gracefully. */
export async function serve(config: Config): Promise<void> {
  // Every missing setting at once, before anything is opened (a pool or Redis left open would
  // keep a failed start alive without listening).
  const missing = missingSharedSecrets(config);
  if (missing.length > 0)
    throw new ConfigError(
      `With DATABASE_URL these settings must be supplied (see docs/configuration.md):\n  ${missing.join('\n  ')}`,
    );
  for (const warning of insecureSettings(config)) {
    logToStderr('warn', `INSECURE SETTING: ${warning}`);
  }
  const ctx = await createAppContext(config);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(ctx);
  } catch (error) {
    await ctx.close().catch(() => undefined);
    throw error;
  }
  const sweep = async () => {
    try {
      await sweepExpired(ctx.database.db);
      await ctx.counters.sweep(); // With Redis, the database's entries are the counters only.
      await ctx.emailCodes.sweep();
      await purgeClosedAccounts(ctx.database.db);
      await ctx.obAttempts.sweep();
      await ctx.socialFlows.sweep();
      await ctx.secondFactorChallenges.sweep();
      await ctx.pins.sweep();
      await ctx.accessSessions.sweep();
      await ctx.photoImages.sweep();
      await ctx.pendingPhotoChecks.sweep();
      await sweepContactMessages(ctx.database.db, ctx.config.contactRetentionDays);
    } catch (error) {
      app.log.warn({ err: error }, 'sweeping expired records failed');
    }
  };
  await sweep();
  const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  timer.unref();

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A port in use, say: give everything back so the process exits with the error.
    clearInterval(timer);
    await app.close().catch(() => undefined);
    await ctx.close().catch(() => undefined);
    throw error;
  }
  app.log.info(
    `${config.productName} is at ${config.issuer} (email: ${ctx.email.kind}, database: ${ctx.database.dialect})`,
  );

  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      app.log.info(`${signal}: finishing requests in flight and stopping`);
      clearInterval(timer);
      // app.close stops accepting connections and waits for requests in flight.
      app
        .close()
        .then(() => ctx.close())
        .catch((error: unknown) => app.log.error({ err: error }, 'shutdown failed'))
        .finally(resolve);
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
}
