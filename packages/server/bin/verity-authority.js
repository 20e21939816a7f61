#!/usr/bin/env node
// The PIN authority service (docs/configuration.md); compiled to dist/ by `npm run build`.
import '../dist/authority/main.js';
