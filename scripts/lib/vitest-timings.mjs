// A vitest reporter that writes where each test file's time went to .tmp/vitest-timings.json: the project, the
// environment's set-up, the file's import (collect), its tests and hooks — the figures behind docs/reliability.md's
// «Время набора тестов». `npm test` adds it; `node scripts/test-timings.mjs` sums a report.
import fs from 'node:fs';
import path from 'node:path';

export default class TimingsReporter {
  rows = [];
  started = 0;

  onInit() {
    this.started = Date.now();
  }

  onTestModuleEnd(mod) {
    const d = mod.diagnostic();
    this.rows.push({
      file: path.relative(process.cwd(), mod.moduleId),
      project: mod.project.name,
      environment: Math.round(d.environmentSetupDuration),
      prepare: Math.round(d.prepareDuration),
      setup: Math.round(d.setupDuration),
      collect: Math.round(d.collectDuration),
      run: Math.round(d.duration),
    });
  }

  onTestRunEnd() {
    const out = path.join(process.cwd(), '.tmp', 'vitest-timings.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify({ wallMs: Date.now() - this.started, files: this.rows }, null, 1));
  }
}
