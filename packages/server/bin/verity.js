#!/usr/bin/env node
// The `verity` command; the TypeScript is compiled to dist/ by `npm run build`.
import { run } from '../dist/main.js';

process.exitCode = await run(process.argv);
