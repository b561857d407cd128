// The demo page: store a large output, show the handle message, extract.
import { HAS_JSPI, ToolOutput } from '../src/index.js';

const $ = (id) => document.getElementById(id);
const LLM_KEY = 'tool-output-demo-llm';
const fmtBytes = (n) => (n >= 1 << 20 ? `${(n / (1 << 20)).toFixed(2)} MiB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${n} B`);
const ms = (t) => `${Math.round(t)} ms`;

let to = null;
let busy = false;

// ---- LLM settings (localStorage)
function loadLlm() {
  try {
    return JSON.parse(localStorage.getItem(LLM_KEY)) ?? {};
  } catch {
    return {};
  }
}
function llmOptions(s = loadLlm()) {
  return {
    baseUrl: s.baseUrl || '',
    model: s.model || '',
    apiKey: s.apiKey || '',
    contextWindow: Number(s.contextWindow) || 8192,
    onCall: onLlmCall,
  };
}
function showLlmState() {
  const s = loadLlm();
  $('llm-state').textContent = !HAS_JSPI
    ? 'this browser has no JSPI: LLM modes fall back to lexical'
    : s.baseUrl && s.model ? `using ${s.model}` : 'no LLM configured: LLM modes fall back to lexical';
}
{
  const s = loadLlm();
  $('llm-base').value = s.baseUrl ?? '';
  $('llm-model').value = s.model ?? '';
  $('llm-key').value = s.apiKey ?? '';
  $('llm-context').value = s.contextWindow ?? 8192;
  showLlmState();
}
$('llm-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const s = {
    baseUrl: $('llm-base').value.trim(),
    model: $('llm-model').value.trim(),
    apiKey: $('llm-key').value,
    contextWindow: Number($('llm-context').value) || 8192,
  };
  localStorage.setItem(LLM_KEY, JSON.stringify(s));
  to?.setLlm(HAS_JSPI ? llmOptions(s) : null);
  showLlmState();
});

// ---- LLM progress while extracting
let running = 0;
let done = 0;
function onLlmCall(e) {
  if (e.phase === 'start') running++;
  else {
    running--;
    done++;
  }
  $('extract-info').textContent = `LLM calls: ${done} done, ${running} running…`;
}

// ---- input: paste, drop, file, sample
const output = $('output');
const showSize = () => {
  $('output-size').textContent = output.value ? fmtBytes(new TextEncoder().encode(output.value).length) : '';
};
output.addEventListener('input', showSize);
output.addEventListener('dragover', (ev) => {
  ev.preventDefault();
  output.classList.add('drop');
});
output.addEventListener('dragleave', () => output.classList.remove('drop'));
output.addEventListener('drop', async (ev) => {
  ev.preventDefault();
  output.classList.remove('drop');
  const file = ev.dataTransfer.files[0];
  if (file) await useFile(file);
  else output.value = ev.dataTransfer.getData('text');
  showSize();
});
$('file').addEventListener('change', async () => {
  const file = $('file').files[0];
  if (file) await useFile(file);
});
async function useFile(file) {
  output.value = await file.text();
  $('args').value = JSON.stringify({ file: file.name });
  showSize();
}
$('sample').addEventListener('click', () => {
  output.value = sampleLog(1 << 20);
  $('args').value = '{"command":"cat build.log"}';
  showSize();
});

/** A build-and-test log of about `size` bytes with a few failures buried in it. */
function sampleLog(size) {
  const lines = [];
  let n = 0;
  let bytes = 0;
  const push = (l) => {
    lines.push(l);
    bytes += l.length + 1;
  };
  while (bytes < size) {
    const t = `2025-06-01T12:${String(Math.floor(n / 600) % 60).padStart(2, '0')}:${String(Math.floor(n / 10) % 60).padStart(2, '0')}Z`;
    if (n === 4100) push(`${t} ERROR test payments::refund::partial_refund FAILED: expected 250, got 200 (tests/refund.rs:88)`);
    else if (n === 8200) push(`${t} ERROR database connection refused: shard-7 at 10.0.0.7:5432 (errno 111)`);
    else if (n === 10400) push(`${t} WARN retrying upload of artifact app.tar.gz (attempt 2 of 3)`);
    else push(`${t} INFO [worker-${n % 8}] test suite::module_${n % 211}::case_${n} ... ok (${(n * 7) % 113} ms)`);
    n++;
  }
  return lines.join('\n');
}

// ---- store
$('store').addEventListener('click', () =>
  task(async () => {
    const text = output.value;
    if (!text) throw new Error('paste or drop an output first');
    const t0 = performance.now();
    const r = await to.store($('tool').value || 'tool', $('args').value || '{}', text, {
      maxInlineBytes: Number($('max-inline').value) || 12288,
    });
    const t = performance.now() - t0;
    const s = r.stats;
    const facts = `${fmtBytes(s.bytes)}, ${s.lines} lines, ${s.tokens ?? '?'} tokens (${s.tokenizer})`;
    if (r.stored) {
      $('store-info').textContent = `Stored in ${ms(t)}: ${facts}. The model gets the message below instead of the output.`;
      $('message').textContent = r.message;
      $('message').hidden = false;
      $('handle').value = r.handle;
    } else {
      $('store-info').textContent = `Passthrough in ${ms(t)}: ${facts} fits the inline limit; the model gets the output unchanged.`;
      $('message').hidden = true;
    }
    await refreshHandles();
  }),
);

// ---- extract
$('run').addEventListener('click', () =>
  task(async () => {
    const handle = $('handle').value.trim();
    const what = $('extract').value.trim();
    if (!what) throw new Error('say what to extract');
    running = 0;
    done = 0;
    $('extract-info').textContent = 'Extracting…';
    const t0 = performance.now();
    const r = await to.extract(handle, what, $('mode').value);
    const t = performance.now() - t0;
    $('abstract').textContent = r.text;
    $('abstract').hidden = false;
    $('abstract').classList.toggle('bad', r.failed);
    $('extract-info').textContent = `${r.failed ? 'Failed' : 'Answered'} in ${ms(t)}.`;
    showReport(r.report);
  }),
);
$('extract').addEventListener('keydown', (ev) => {
  if (ev.key === 'Enter' && !$('run').disabled) $('run').click();
});

function showReport(r) {
  const calls = r.llmCalls;
  const sum = (k) => calls.reduce((a, c) => a + c[k], 0);
  const failedCalls = calls.filter((c) => c.error);
  const kinds = {};
  for (const c of calls) kinds[c.kind] = (kinds[c.kind] ?? 0) + 1;
  const rows = [
    ['Strategy', r.used === r.requested ? r.used : `${r.used} (requested ${r.requested})`],
    ['Fallbacks', r.fallbacks.length ? r.fallbacks.map((f) => `${f.from} → ${f.to}: ${f.reason}`).join('\n') : 'none'],
    [
      'LLM calls',
      calls.length
        ? `${calls.length} (${Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(', ')}), ${sum('inputTokens')} tokens in, ${sum('outputTokens')} out` +
          (failedCalls.length ? `; ${failedCalls.length} failed: ${failedCalls[0].error}` : '')
        : 'none',
    ],
    ['Engine time', ms(r.wallMs)],
    ['Size', `${fmtBytes(r.sourceBytes)} → ${fmtBytes(r.answerBytes)}`],
  ];
  const body = $('report').tBodies[0];
  body.replaceChildren(
    ...rows.map(([k, v]) => {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      const td = document.createElement('td');
      th.textContent = k;
      td.textContent = v;
      td.style.whiteSpace = 'pre-wrap';
      tr.append(th, td);
      return tr;
    }),
  );
  $('report').hidden = false;
  $('report').dataset.used = r.used;
  $('report').dataset.llmCalls = calls.length;
}

// ---- export / import (the CLI's archive format)
$('export').addEventListener('click', () =>
  task(async () => {
    const count = (await to.list()).length;
    if (!count) throw new Error('nothing to export: store an output first');
    const bytes = await to.exportArchive();
    const name = `tool-output-session-${new Date().toISOString().replace(/[:.]/g, '-')}.tar`;
    const url = URL.createObjectURL(new Blob([bytes], { type: 'application/x-tar' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    $('archive-info').className = 'small ok';
    $('archive-info').textContent = `Exported ${count} handle${count === 1 ? '' : 's'} (${fmtBytes(bytes.length)}) as ${name}. \`tool-output import ${name}\` restores them.`;
  }),
);
$('import-file').addEventListener('change', () =>
  task(async () => {
    const file = $('import-file').files[0];
    if (!file) return;
    $('import-file').value = ''; // the same file can be picked again
    try {
      const r = await to.importArchive(file, { replace: $('import-replace').checked });
      const replaced = r.replaced.length ? `, ${r.replaced.length} replaced` : '';
      $('archive-info').className = 'small ok';
      $('archive-info').textContent = `Imported ${r.handles.length} handle${r.handles.length === 1 ? '' : 's'} (${fmtBytes(r.bytes)}${replaced}) from ${file.name}, exported from session "${r.session}".`;
      $('archive-info').dataset.imported = r.handles.join(' ');
      imported = new Set(r.handles);
      if (r.handles.length) $('handle').value = r.handles[0];
    } catch (e) {
      $('archive-info').className = 'small bad';
      $('archive-info').textContent = e.message;
      throw e;
    } finally {
      await refreshHandles();
    }
  }),
);
/** The handles of the last import, marked in the list. */
let imported = new Set();

// ---- session list
async function refreshHandles() {
  const list = await to.list();
  list.sort((a, b) => b.createdMs - a.createdMs);
  $('handles').replaceChildren(
    ...list.map((h) => {
      const li = document.createElement('li');
      const code = document.createElement('code');
      code.textContent = h.handle;
      const use = button('use', () => {
        $('handle').value = h.handle;
        $('extract').focus();
      });
      const rm = button('remove', () =>
        task(async () => {
          await to.remove(h.handle);
          await refreshHandles();
        }),
      );
      li.append(code, ` ${h.tool} · ${fmtBytes(h.stats.bytes)} · ${h.stats.lines} lines · ${new Date(h.createdMs).toLocaleTimeString()} `, use, ' ', rm);
      if (imported.has(h.handle)) li.append(' ', Object.assign(document.createElement('span'), { className: 'tag', textContent: 'imported' }));
      return li;
    }),
  );
  if (!list.length) $('handles').innerHTML = '<li class="muted">nothing yet</li>';
}
function button(label, onclick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'small';
  b.textContent = label;
  b.onclick = onclick;
  return b;
}
$('clear').addEventListener('click', () =>
  task(async () => {
    for (const h of await to.list()) await to.remove(h.handle);
    await refreshHandles();
  }),
);

// ---- one thing at a time, errors shown
async function task(fn) {
  if (busy || !to) return;
  busy = true;
  for (const b of ['store', 'run', 'export']) $(b).disabled = true;
  try {
    await fn();
    setStatus(readyText, 'ok');
  } catch (e) {
    console.error(e);
    setStatus(`Error: ${e.message}`, 'bad');
  } finally {
    busy = false;
    for (const b of ['store', 'run', 'export']) $(b).disabled = false;
  }
}
let readyText = '';
function setStatus(text, cls) {
  $('status').textContent = text;
  $('status').className = `status ${cls ?? ''}`;
}

// ---- start
try {
  to = await ToolOutput.create({ persist: 'tool-output-demo', llm: HAS_JSPI ? llmOptions() : undefined });
  const t = to.timings;
  readyText =
    `Ready: ${to.build} build, instantiated in ${t.instantiateMs} ms (core wasm compile ${t.compileMs} ms)` +
    (to.restoredFiles ? `, ${to.restoredFiles} files restored from IndexedDB` : '') +
    (HAS_JSPI ? '' : '. No JSPI in this browser: LLM modes fall back to lexical.');
  setStatus(readyText, 'ok');
  $('status').dataset.ready = '1';
  $('status').dataset.instantiateMs = t.instantiateMs;
  $('status').dataset.build = to.build;
  for (const b of ['store', 'run', 'export']) $(b).disabled = false;
  await refreshHandles();
} catch (e) {
  console.error(e);
  setStatus(`The engine did not start: ${e.message}`, 'bad');
  $('status').dataset.ready = '0';
}
