#!/usr/bin/env node
// The `arbor` command as an ES module, for scripts and configurations that name this file: it runs
// the CommonJS launcher (arbor.cjs, the package's bin), which starts faster.
import { createRequire } from 'node:module';

createRequire(import.meta.url)('./arbor.cjs');
