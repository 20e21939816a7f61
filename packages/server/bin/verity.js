#!/usr/bin/env node
// The `verity` command; the TypeScript is compiled to dist/ by `npm run build`.
import { run } from '../dist/main.js';

const code = await run(process.argv);
// A failed command exits now: a connection or timer left open must not keep it alive.
if (code !== 0) process.exit(code);
