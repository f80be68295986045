#!/usr/bin/env node
// Launcher for the `idv-fingerprint` CLI: a committed file, so npm links it at install time, before the
// build has produced dist/ (the root `npm start` and `npm test` build first).
import '../dist/cli.js';
