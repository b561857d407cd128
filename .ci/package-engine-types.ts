// What a TypeScript user of tool-output-engine writes: .ci/package type-checks it
// (tsc --strict) against the packed package's index.d.ts and host.d.ts.
import { ToolOutput, MODES, type ExtractResult, type StoreResult } from 'tool-output-engine';
import { SessionFs, HttpLlm, NO_LLM, isSessionName } from 'tool-output-engine/host';

const to: ToolOutput = await ToolOutput.create({ build: 'sync', quotaBytes: 1 << 30 });
const s: StoreResult = await to.store('bash', { command: 'make' }, 'x\n'.repeat(100000), { maxInlineBytes: 4096 });
if (s.stored) {
  const r: ExtractResult = await to.extract(s.handle, 'errors', MODES[3]);
  const n: number = r.report.sourceBytes + s.stats.lines;
  const t: string = await to.grep(s.handle, 'x', { context: 1 });
  console.log(n, t.length, r.report.fallbacks.map((f) => f.kind));
}
const fs = new SessionFs({ quotaBytes: 10 });
const ok: boolean = isSessionName('a') && new HttpLlm({ model: 'm' }).configured;
console.log(fs.list(), ok, Object.keys(NO_LLM));
