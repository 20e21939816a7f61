import { Command, CommanderError } from 'commander';
import { ZodError } from 'zod';
import { addClientOptions, clientInputFromOptions, UsageError } from './cli/clientOptions.js';
import { demoCommand, exampleClients, type ExampleClient } from './cli/exampleClients.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { jsonLogLine } from './logging/jsonLine.js';
import { openStores } from './stores.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { logoProblem, shownLogo, type ClientInput } from './features/clients/input.js';
import { ClientNotFoundError, type Client, type CreatedClient } from './features/clients/store.js';
import { generateSecretValues } from './secrets.js';
import { announceKeyChange } from './oidc/keyChangeSignal.js';
import { RotationConflict, type SigningKeyInfo } from './oidc/keys.js';

type Out = (text: string) => void;

/** `serve` failed: its message is written as a JSON log line, like the rest of its output. */
class ServeFailed extends Error {
  constructor(readonly failure: unknown) {
    super('serve failed');
  }
}

/**
 * Why the client's stored logo is not shown to users, or null: one stored before today's rules
 * (issue 21) is kept, not shown, until replaced or removed (`shownLogo`).
 */
function logoNotShown(client: Client): string | null {
  const logo = client.metadata.logo_uri;
  if (logo === undefined || shownLogo(logo) !== null) return null;
  return `${logoProblem(logo)}: not shown to users until replaced (clients update --logo-uri) or removed (--no-logo-uri)`;
}

function describeClient(client: Client | CreatedClient) {
  const notShown = logoNotShown(client);
  return {
    ...client.metadata,
    ...(notShown ? { logo_uri_not_shown: notShown } : {}),
    ...('clientSecret' in client && client.clientSecret
      ? { client_secret: client.clientSecret }
      : {}),
    policy: client.policy,
    created_at: new Date(client.createdAt).toISOString(),
    updated_at: new Date(client.updatedAt).toISOString(),
  };
}

/** Opens the stores, runs `work`, and always closes the database. */
async function withStores<T>(
  config: Config,
  work: (stores: Awaited<ReturnType<typeof openStores>>) => Promise<T>,
): Promise<T> {
  const stores = await openStores(config);
  try {
    return await work(stores);
  } finally {
    await stores.database.db.destroy();
  }
}

export function buildCli(out: Out, err: Out, config: () => Config): Command {
  const program = new Command('verity')
    .description('Verity: identity verification and single sign-on (OpenID Connect provider)')
    .exitOverride()
    .configureOutput({ writeOut: out, writeErr: err })
    .showHelpAfterError();

  program
    .command('serve', { isDefault: true })
    .description('run the server (the default)')
    .action(async () => {
      try {
        await (await import('./cli/serve.js')).serve(config());
      } catch (error) {
        throw new ServeFailed(error);
      }
    });

  program
    .command('migrate')
    .description('bring the database up to date')
    .action(async () => {
      const cfg = config();
      const { db } = await openDatabase({
        databaseUrl: cfg.databaseUrl,
        schema: cfg.databaseSchema,
        applicationName: cfg.databaseApplicationName,
        dataDir: cfg.dataDir,
      });
      try {
        const applied = await migrateToLatest(db);
        out(applied.length ? `Applied: ${applied.join(', ')}\n` : 'The database is up to date.\n');
      } finally {
        await db.destroy();
      }
    });

  program
    .command('secrets')
    .description(
      'print fresh COOKIE_KEYS, DATA_ENCRYPTION_KEY and PIN_AUTHORITY_n_SHARE values (needed with DATABASE_URL)',
    )
    .action(() => {
      for (const [name, value] of Object.entries(generateSecretValues())) out(`${name}=${value}\n`);
    });

  const clients = program.command('clients').description('manage relying parties (clients)');

  addClientOptions(clients.command('add').description('register a client'), false)
    .option('--json', 'print the created client as JSON on one line')
    .action(async (options: Record<string, unknown>) => {
      const input = clientInputFromOptions(options);
      if (!input.name) throw new UsageError('--name is required');
      if (!input.redirectUris?.length)
        throw new UsageError('at least one --redirect-uri is required');
      const created = await withStores(config(), ({ clients: store }) =>
        store.create(input as ClientInput),
      );
      if (options.json) {
        out(`${JSON.stringify(describeClient(created))}\n`);
        return;
      }
      out(`Registered ${created.metadata.client_name}\n  client_id:     ${created.clientId}\n`);
      if (created.clientSecret)
        out(`  client_secret: ${created.clientSecret}\n  (shown once: store it now)\n`);
      else out(`  authentication: ${created.metadata.token_endpoint_auth_method}\n`);
    });

  clients
    .command('examples')
    .description(
      'register example clients, one per policy (second factor, checks, open banking, PIN), each for its own demo relying party',
    )
    .option('--json', 'print the registered clients as JSON on one line')
    .action(async (options: { json?: boolean }) => {
      const examples = exampleClients();
      const registered = await withStores(config(), async ({ clients: store }) => {
        const existing = new Map(
          (await store.list()).map((client) => [client.metadata.client_name, client]),
        );
        const results: Array<{ example: ExampleClient; client: Client | CreatedClient }> = [];
        for (const example of examples) {
          const known = existing.get(example.input.name!);
          results.push({ example, client: known ?? (await store.create(example.input)) });
        }
        return results;
      });
      if (options.json) {
        out(`${JSON.stringify(registered.map(({ client }) => describeClient(client)))}\n`);
        return;
      }
      for (const { example, client } of registered) {
        out(
          `${client.metadata.client_name}\n  shows:     ${example.shows}\n  client_id: ${client.clientId}\n`,
        );
        if ('clientSecret' in client && client.clientSecret)
          out(`  try it:    ${demoCommand(example.port, client.clientId, client.clientSecret)}\n`);
        else
          out(
            '  already registered (its secret was shown when it was; `clients remove` it to start again)\n',
          );
        out(`  then open: http://127.0.0.1:${example.port}\n`);
      }
    });

  clients
    .command('list')
    .description('list clients')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const all = await withStores(config(), ({ clients: store }) => store.list());
      if (options.json) return out(`${JSON.stringify(all.map(describeClient))}\n`);
      if (all.length === 0)
        return out('No clients. Add one with: verity clients add --name NAME --redirect-uri URI\n');
      for (const client of all) {
        out(
          `${client.clientId}  ${client.metadata.client_name}  (${client.metadata.token_endpoint_auth_method})  ${client.metadata.redirect_uris.join(' ')}\n`,
        );
      }
    });

  clients
    .command('show <clientId>')
    .description('show one client (never its secret)')
    .action(async (clientId: string) => {
      const client = await withStores(config(), ({ clients: store }) => store.get(clientId));
      out(`${JSON.stringify(describeClient(client), null, 2)}\n`);
    });

  addClientOptions(
    clients
      .command('update <clientId>')
      .description('change a client; options not given stay as they are'),
    true,
  ).action(async (clientId: string, options: Record<string, unknown>) => {
    const client = await withStores(config(), async ({ clients: store }) => {
      // A colour for one scheme keeps the stored colour of the other.
      const oneColour =
        options.themePrimary !== undefined || options.themePrimaryDark !== undefined;
      const stored = oneColour ? (await store.get(clientId)).policy : undefined;
      const changes = clientInputFromOptions(options, stored);
      if (Object.keys(changes).length === 0)
        throw new UsageError('nothing to change: give at least one option');
      return store.update(clientId, changes);
    });
    const notShown = logoNotShown(client);
    if (notShown) err(`Note: the stored logo ${notShown}.\n`);
    out(`${JSON.stringify(describeClient(client), null, 2)}\n`);
  });

  clients
    .command('remove <clientId>')
    .description('remove a client; its tokens stop working')
    .action(async (clientId: string) => {
      await withStores(config(), ({ clients: store }) => store.remove(clientId));
      out(`Removed ${clientId}\n`);
    });

  const keys = program.command('keys').description('manage token signing keys');
  keys
    .command('list')
    .description('list signing keys: next (published), signing, previous (published until retired)')
    .action(async () => {
      const all = await withStores(config(), async ({ keys: store }) => {
        await store.ensureKeys();
        return store.list();
      });
      for (const key of all) out(`${describeKey(key)}\n`);
    });
  keys
    .command('rotate')
    .description(
      'create new signing keys: published at once, signing after KEY_ACTIVATION_DELAY_SECONDS',
    )
    .option('--now', 'emergency only: sign with the new keys at once (see docs/operations.md)')
    .action(async (options: { now?: boolean }) => {
      const settings = config();
      const created = await withStores(settings, ({ keys: store }) =>
        store.rotate({ immediately: options.now === true }),
      );
      for (const key of created)
        out(`New ${key.alg} key ${key.kid}, signing from ${iso(key.activatesAt)}\n`);
      const told = settings.redisUrl
        ? await announceKeyChange(settings.redisUrl, settings.redisKeyPrefix)
        : false;
      const when = told
        ? 'now (told through Redis)'
        : 'at their next key refresh (KEY_REFRESH_SECONDS)';
      out(
        options.now
          ? `Running servers sign with the new keys ${when}; relying parties that cached the old key set may refuse tokens until they fetch it again.\n`
          : `Running servers publish the new keys ${when} and sign with them from the time shown.\n`,
      );
    });

  return program;
}

const iso = (time: number) => new Date(time).toISOString();

function describeKey(key: SigningKeyInfo): string {
  const times = [`created ${iso(key.createdAt)}`];
  const replaced = key.replacedAt;
  if (replaced !== null && replaced <= key.activatesAt) {
    times.push('never signs (an emergency rotation replaced it first)');
  } else {
    if (key.state === 'next') times.push(`signs from ${iso(key.activatesAt)}`);
    if (replaced !== null) times.push(`signing ends ${iso(replaced)}`);
  }
  if (key.retiresAt !== null) times.push(`published until ${iso(key.retiresAt)}`);
  return `${key.kid}  ${key.alg}  ${key.state}  ${times.join('  ')}`;
}

/** Runs the command line; returns the exit code. */
export async function run(
  argv: string[],
  out: Out = (t) => process.stdout.write(t),
  err: Out = (t) => process.stderr.write(t),
): Promise<number> {
  const program = buildCli(out, err, () => loadConfig());
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (error instanceof ServeFailed) {
      const { message, code } = describeFailure(error.failure);
      err(jsonLogLine('fatal', message));
      return code;
    }
    const { message, code } = describeFailure(error);
    err(`${message}\n`);
    return code;
  }
}

/** A failed command's message and exit code (2: wrong usage, 1: anything else). */
function describeFailure(error: unknown): { message: string; code: number } {
  if (error instanceof ZodError) {
    return {
      message: `Invalid settings:\n${error.issues.map((issue) => `  ${issue.path.join('.') || 'value'}: ${issue.message}`).join('\n')}`,
      code: 1,
    };
  }
  if (
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof ClientNotFoundError ||
    error instanceof RotationConflict
  ) {
    return { message: error.message, code: error instanceof UsageError ? 2 : 1 };
  }
  return { message: error instanceof Error ? error.message : String(error), code: 1 };
}
