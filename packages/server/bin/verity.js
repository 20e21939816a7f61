#!/usr/bin/env node
// The `verity` command; the TypeScript is compiled to dist/ by `npm run build`.
// oidc-provider's notices become JSON log lines; installed before it is imported (it warns then).
import { routeProviderNotices } from '../dist/logging/providerNotices.js';

routeProviderNotices();
const { run } = await import('../dist/main.js');

const code = await run(process.argv);
// A failed command exits now: a connection or timer left open must not keep it alive.
if (code !== 0) process.exit(code);
