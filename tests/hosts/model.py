#!/usr/bin/env python3
"""A scripted model on 127.0.0.1 that real agent hosts talk to in the host
tests (host/tests/all/hosts/). Python stdlib only.

    python3 model.py SCRIPT.json LOG.jsonl

It listens on a free loopback port and prints `127.0.0.1:PORT` as its first
line. One port speaks the three wire protocols the hosts use, chosen by path:
  POST …/messages (+ /count_tokens)                Anthropic Messages (Claude Code)
  POST …/responses                                  OpenAI Responses (Codex)
  POST …/models/M:streamGenerateContent|:generateContent|:countTokens
                                                    Gemini (Gemini CLI)
Anything else is answered 404 (not 5xx: hosts retry those) and logged.

SCRIPT.json says what the model does:
  {"call": "read_text_file", "args": {...}, "extract": "..."}
  {"shell": "seq 1 100000", "extract": "...", "mode": "full-chunked", "key": "sk-..."}
`mode` goes into the tool_output call; with `key`, every request must carry
that credential (`x-api-key`, or `Authorization: Bearer`), else 401.
The script is stateless: each reply is decided from the conversation in the
request, by how many tool results it holds since the user's last prompt (a
conversation continued with a new prompt, `claude -p --continue`, starts over):
  0  calls the tool: the offered tool named `call` (or whose name ends with
     `_` + `call`, as hosts prefix MCP tools), or with `shell` the host's own
     shell tool with that command (arguments built from its schema);
  1  when that result holds a handle message (or the context the host put
     after it: Claude Code's hooks may add `additionalContext`), calls the
     host's name for tool_output with the handle and `extract`; otherwise
     answers `NO HANDLE IN THE TOOL RESULT`;
  2+ answers the text `DONE`.
A request that offers no tools (titles, routing) is a side request: JSON from
its schema when it asks for JSON (Gemini), else `OK`. An extraction's request
(its system prompt asks for an `<ai-agent-NONCE-FINAL>` answer: tool-output's
LLM strategies, sent by the gateway with the conversation's credentials, on
Anthropic Messages, Chat Completions or Gemini's generateContent) is
answered in that format with the lines of its text that hold `needle-<id>`;
when it offers `Grep` (read-grep) and has no tool result yet, it first greps
the handle it names for `needle-`.

Every request is appended to LOG as one JSON line before its answer is sent:
{"n", "method", "path", "kind": "turn"|"side"|"extraction"|"refused"|"unknown", "turn", "tools",
"tool_result" (the text of the last tool result the model got, or null),
"tool_result_raw" (that result as the host sent it), "context_after" (text the
host sent after that result, before the next turn, or null), "reply", "body"}.
"""

import json
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SHELL_TOOLS = ["Bash", "bash", "shell", "shell_command", "exec_command", "run_shell_command"]
HANDLE = re.compile(r'handle = "([0-9a-f-]{36})"')

script = {}
log_path = ""
lock = threading.Lock()
count = [0]
logged = [0]


def next_id(prefix):
    with lock:
        count[0] += 1
        return f"{prefix}{count[0]:06d}"


def log(entry):
    with lock:
        entry["n"] = logged[0]
        logged[0] += 1
        with open(log_path, "a") as f:
            f.write(json.dumps(entry) + "\n")


# ------------------------------------------------------------------ the script
def find_tool(tools, name):
    """The offered tool called `name`, or whose name ends with `_name`."""
    exact = [t for t, _ in tools if t == name]
    if exact:
        return exact[0]
    suffixed = sorted((t for t, _ in tools if t.endswith("_" + name)), key=len)
    return suffixed[0] if suffixed else None


def shell_args(schema, command):
    """Arguments for a host's shell tool, from its JSON schema."""
    props = (schema or {}).get("properties") or {}
    args = {}
    key = "cmd" if "cmd" in props and "command" not in props else "command"
    kind = (props.get(key) or {}).get("type")
    args[key] = ["bash", "-lc", command] if kind == "array" else command
    for name in (schema or {}).get("required") or []:
        if name not in args:
            kind = (props.get(name) or {}).get("type")
            args[name] = {"boolean": False, "integer": 120000, "number": 120000,
                          "array": [], "object": {}}.get(kind, "Run the scripted command")
    return args


def decide(tools, results, context=None):
    """('tool', name, args) or ('text', text), from the offered tools, the
    texts of the tool results so far and what followed the last one."""
    if not results:
        if "shell" in script:
            for name in SHELL_TOOLS:
                for tool, schema in tools:
                    if tool == name:
                        return ("tool", tool, shell_args(schema, script["shell"]))
            return ("text", f"NO SHELL TOOL among {[t for t, _ in tools]}")
        tool = find_tool(tools, script["call"])
        if tool is None:
            return ("text", f"NO TOOL {script['call']} among {[t for t, _ in tools]}")
        return ("tool", tool, script.get("args") or {})
    if len(results) == 1:
        found = HANDLE.search(results[-1] or "") or HANDLE.search(context or "")
        if not found:
            return ("text", "NO HANDLE IN THE TOOL RESULT")
        tool = find_tool(tools, "tool_output")
        if tool is None:
            return ("text", f"NO TOOL tool_output among {[t for t, _ in tools]}")
        args = {"handle": found.group(1), "extract": script["extract"]}
        if script.get("mode"):
            args["mode"] = script["mode"]
        return ("tool", tool, args)
    return ("text", "DONE")


def from_schema(schema, depth=0):
    """A JSON value that fits `schema` (for side requests in JSON mode)."""
    if not isinstance(schema, dict) or depth > 6:
        return "x"
    if schema.get("enum"):
        return schema["enum"][0]
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "string")
    kind = (kind or "").lower()
    if kind == "object" or "properties" in schema:
        props = schema.get("properties") or {}
        return {k: from_schema(props.get(k, {}), depth + 1) for k in schema.get("required") or props}
    if kind == "array":
        return []
    if kind in ("integer", "number"):
        return max(schema.get("minimum", 1), 1)
    if kind == "boolean":
        return False
    return "x"


def gemini_answer(part):
    """A whole `generateContent` answer of one part."""
    return {"candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
            "usageMetadata": {"promptTokenCount": 100, "candidatesTokenCount": 10, "totalTokenCount": 110},
            "modelVersion": "scripted"}


def text_of(content):
    """The text parts of a tool result, joined by newlines."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(text_of(part) for part in content)
    if isinstance(content, dict):
        if isinstance(content.get("text"), str):
            return content["text"]
        for key in ("content", "output", "error"):
            if key in content:
                return text_of(content[key])
        return json.dumps(content)
    return str(content)


# ------------------------------------------------------------------ the server
class Model(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def body(self):
        size = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(size) if size else b""
        if self.headers.get("Content-Encoding") == "gzip":
            import gzip

            raw = gzip.decompress(raw)
        try:
            return json.loads(raw) if raw else None
        except ValueError:
            return {"_raw": raw[:2000].decode("latin1")}

    def send_json(self, value, code=200):
        data = json.dumps(value).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def sse_start(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True

    def sse(self, data, event=None):
        frame = f"event: {event}\n" if event else ""
        frame += "data: " + (data if isinstance(data, str) else json.dumps(data)) + "\n\n"
        self.wfile.write(frame.encode())
        self.wfile.flush()

    def do_GET(self):
        log({"method": "GET", "path": self.path, "kind": "unknown"})
        self.send_json({"error": {"message": f"scripted model: no GET {self.path}"}}, 404)

    def do_HEAD(self):
        log({"method": "HEAD", "path": self.path, "kind": "unknown"})
        self.send_response(404)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def key_ok(self):
        """The request carries the script's credential (when it names one)."""
        want = script.get("key")
        if not want:
            return True
        bearer = (self.headers.get("Authorization") or "").removeprefix("Bearer ")
        return want in (self.headers.get("x-api-key"), bearer)

    def extraction(self, body, path):
        """tool-output's extraction request: its nonce, the text it reads."""
        system = body.get("system") or ""
        if isinstance(system, list):
            system = "\n".join(b.get("text", "") for b in system if isinstance(b, dict))
        gemini = ":generateContent" in path
        if gemini:
            system = text_of((body.get("systemInstruction") or {}).get("parts"))
        texts = [system]
        for message in body.get("messages") or []:
            texts.append(text_of(message.get("content")))
        for content in body.get("contents") or []:
            for part in content.get("parts") or []:
                response = part.get("functionResponse") if isinstance(part, dict) else None
                texts.append(text_of(response.get("response")) if response else text_of(part))
        found = re.search(r"<ai-agent-([0-9a-zA-Z]+)-FINAL", "\n".join(texts))
        if not found:
            return False
        # The planted lines (`needle-<id>`), wherever the request puts the
        # text it reads (a reduce puts the chunks' answers in its system).
        lines = list(dict.fromkeys(l.strip() for t in texts for l in t.splitlines()
                                   if re.search(r"needle-\w", l)))
        answer = "\n".join(lines) if lines else "NO RELEVANT DATA FOUND"
        nonce = found.group(1)
        text = f'<ai-agent-{nonce}-FINAL format="text">\n{answer}\n</ai-agent-{nonce}-FINAL>'
        # read-grep (what `auto` picks for a large output): Grep first, once.
        offers_grep = any((t.get("name") or (t.get("function") or {}).get("name")) == "Grep"
                          or any(d.get("name") == "Grep" for d in t.get("functionDeclarations") or [])
                          for t in body.get("tools") or [])
        answered = any(m.get("role") == "tool" or (isinstance(m.get("content"), list) and any(
            isinstance(b, dict) and b.get("type") == "tool_result" for b in m["content"]))
            for m in body.get("messages") or []) or any(
            isinstance(p, dict) and "functionResponse" in p
            for c in body.get("contents") or [] for p in c.get("parts") or [])
        handle = re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
                           "\n".join(texts))
        if offers_grep and not answered and handle:
            grep = {"file": handle.group(0), "pattern": "needle-"}
            log({"method": "POST", "path": self.path, "kind": "extraction", "key_ok": True,
                 "model": body.get("model"), "reply": ["tool", "Grep", grep], "body": body})
            if gemini:
                return self.send_json(gemini_answer({"functionCall": {"name": "Grep", "args": grep}})) or True
            if path.endswith("/messages"):
                return self.send_json({"id": next_id("msg_"), "type": "message", "role": "assistant",
                                       "model": body.get("model", "scripted"), "content": [
                                           {"type": "tool_use", "id": next_id("toolu_"), "name": "Grep",
                                            "input": grep}],
                                       "stop_reason": "tool_use", "stop_sequence": None,
                                       "usage": {"input_tokens": 100, "output_tokens": 10}}) or True
            return self.send_json({"id": next_id("chatcmpl-"), "object": "chat.completion", "created": 1,
                                   "model": body.get("model", "scripted"), "choices": [{"index": 0,
                                       "finish_reason": "tool_calls", "message": {"role": "assistant",
                                       "content": None, "tool_calls": [{"id": next_id("call_"),
                                       "type": "function", "function": {"name": "Grep",
                                                                        "arguments": json.dumps(grep)}}]}}],
                                   "usage": {"prompt_tokens": 100, "completion_tokens": 10,
                                             "total_tokens": 110}}) or True
        log({"method": "POST", "path": self.path, "kind": "extraction", "key_ok": True,
             "model": body.get("model"), "reply": ["text", text], "body": body})
        if gemini:
            self.send_json(gemini_answer({"text": text}))
        elif path.endswith("/messages"):
            self.send_json({"id": next_id("msg_"), "type": "message", "role": "assistant",
                            "model": body.get("model", "scripted"),
                            "content": [{"type": "text", "text": text}], "stop_reason": "end_turn",
                            "stop_sequence": None, "usage": {"input_tokens": 100, "output_tokens": 10}})
        else:
            self.send_json({"id": next_id("chatcmpl-"), "object": "chat.completion", "created": 1,
                            "model": body.get("model", "scripted"),
                            "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                                         "finish_reason": "stop"}],
                            "usage": {"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110}})
        return True

    def do_POST(self):
        body = self.body() or {}
        path = self.path.split("?")[0]
        if not self.key_ok():
            log({"method": "POST", "path": self.path, "kind": "refused"})
            return self.send_json({"type": "error", "error": {
                "type": "authentication_error", "message": "scripted model: not the client's key"}}, 401)
        try:
            if isinstance(body, dict) and (path.endswith("/messages") or path.endswith("/chat/completions")
                                           or path.endswith(":generateContent")) \
                    and self.extraction(body, path):
                return
            if path.endswith("/count_tokens"):
                return self.send_json({"input_tokens": 100})
            if ":countTokens" in path:
                return self.send_json({"totalTokens": 100})
            if path.endswith("/messages"):
                return self.anthropic(body)
            if path.endswith("/responses"):
                return self.openai_responses(body)
            if ":streamGenerateContent" in path or ":generateContent" in path:
                return self.gemini(body, ":streamGenerateContent" in path)
        except (BrokenPipeError, ConnectionResetError):
            return
        log({"method": "POST", "path": self.path, "kind": "unknown", "body": body})
        self.send_json({"error": {"type": "not_found", "message": f"scripted model: no POST {path}"}}, 404)

    def turn(self, body, tools, results, raw, json_schema=None, context=None):
        """Decide, log, and return the reply."""
        if not tools:
            reply = ("text", json.dumps(from_schema(json_schema)) if json_schema is not None else "OK")
            kind = "side"
        else:
            reply = decide(tools, results, context)
            kind = "turn"
        log({"method": "POST", "path": self.path, "kind": kind, "turn": len(results),
             "tools": [t for t, _ in tools], "tool_result": results[-1] if results else None,
             "tool_result_raw": raw, "context_after": context, "reply": list(reply), "body": body})
        return reply

    # Anthropic Messages (Claude Code): tool_result blocks in user messages.
    def anthropic(self, body):
        tools = [(t["name"], t.get("input_schema")) for t in body.get("tools") or [] if t.get("name")]
        results, raw, context = [], None, None
        ended = False
        for message in body.get("messages") or []:
            content = message.get("content")
            if message.get("role") == "assistant":
                context = None
                # A turn that ended in text, not a tool call: what follows
                # from the user is a new prompt.
                ended = not (isinstance(content, list) and any(
                    isinstance(b, dict) and b.get("type") == "tool_use" for b in content))
                continue
            if ended and message.get("role") == "user":
                results, raw = [], None
            ended = False
            blocks = content if isinstance(content, list) else [{"type": "text", "text": content}]
            for block in blocks:
                if not isinstance(block, dict):
                    continue
                if message.get("role") == "user" and block.get("type") == "tool_result":
                    results.append(text_of(block.get("content")))
                    raw = block.get("content")
                    context = None
                elif results and isinstance(block.get("text"), str):
                    # What the host adds after a result (hook context).
                    context = (context + "\n" if context else "") + block["text"]
        reply = self.turn(body, tools, results, raw, context=context)
        usage = {"input_tokens": 100, "output_tokens": 10, "cache_creation_input_tokens": 0,
                 "cache_read_input_tokens": 0}
        if reply[0] == "tool":
            block = {"type": "tool_use", "id": next_id("toolu_"), "name": reply[1], "input": reply[2]}
            stop = "tool_use"
        else:
            block = {"type": "text", "text": reply[1]}
            stop = "end_turn"
        message = {"id": next_id("msg_"), "type": "message", "role": "assistant",
                   "model": body.get("model", "scripted"), "stop_sequence": None, "usage": usage}
        if not body.get("stream"):
            return self.send_json({**message, "content": [block], "stop_reason": stop})
        self.sse_start()
        self.sse({"type": "message_start", "message": {**message, "content": [], "stop_reason": None}},
                 "message_start")
        if block["type"] == "tool_use":
            start = {**block, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        else:
            start = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": block["text"]}
        self.sse({"type": "content_block_start", "index": 0, "content_block": start}, "content_block_start")
        self.sse({"type": "content_block_delta", "index": 0, "delta": delta}, "content_block_delta")
        self.sse({"type": "content_block_stop", "index": 0}, "content_block_stop")
        self.sse({"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                  "usage": {"output_tokens": 10}}, "message_delta")
        self.sse({"type": "message_stop"}, "message_stop")

    # OpenAI Responses (Codex): MCP tools come in namespaces, and a call of
    # one names its namespace.
    def openai_responses(self, body):
        tools, namespace_of = [], {}
        for tool in body.get("tools") or []:
            if tool.get("type") in ("function", "custom") and tool.get("name"):
                tools.append((tool["name"], tool.get("parameters")))
            elif tool.get("type") == "namespace":
                for inner in tool.get("tools") or []:
                    if inner.get("name"):
                        tools.append((inner["name"], inner.get("parameters")))
                        namespace_of[inner["name"]] = tool.get("name")
        results, raw = [], None
        items = body.get("input") or []
        for item in items if isinstance(items, list) else []:
            if item.get("type") in ("function_call_output", "custom_tool_call_output"):
                results.append(text_of(item.get("output")))
                raw = item.get("output")
        reply = self.turn(body, tools, results, raw)
        response = {"id": next_id("resp_"), "object": "response", "created_at": int(time.time()),
                    "model": body.get("model", "scripted"), "status": "in_progress", "output": []}
        self.sse_start()
        self.sse({"type": "response.created", "response": response}, "response.created")
        if reply[0] == "tool":
            item = {"type": "function_call", "id": next_id("fc_"), "call_id": next_id("call_"),
                    "name": reply[1], "arguments": json.dumps(reply[2]), "status": "completed"}
            if reply[1] in namespace_of:
                item["namespace"] = namespace_of[reply[1]]
        else:
            item = {"type": "message", "id": next_id("msg_"), "role": "assistant", "status": "completed",
                    "content": [{"type": "output_text", "text": reply[1], "annotations": []}]}
        self.sse({"type": "response.output_item.added", "output_index": 0,
                  "item": {**item, "status": "in_progress"}}, "response.output_item.added")
        if item["type"] == "message":
            self.sse({"type": "response.output_text.delta", "output_index": 0, "content_index": 0,
                      "item_id": item["id"], "delta": reply[1]}, "response.output_text.delta")
        self.sse({"type": "response.output_item.done", "output_index": 0, "item": item},
                 "response.output_item.done")
        usage = {"input_tokens": 100, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 10,
                 "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 110}
        self.sse({"type": "response.completed",
                  "response": {**response, "status": "completed", "output": [item], "usage": usage}},
                 "response.completed")

    # Gemini (Gemini CLI): functionResponse parts in user contents.
    def gemini(self, body, stream):
        tools = []
        for group in body.get("tools") or []:
            for f in group.get("functionDeclarations") or []:
                tools.append((f.get("name"), f.get("parametersJsonSchema") or f.get("parameters")))
        results, raw = [], None
        for content in body.get("contents") or []:
            for part in content.get("parts") or []:
                if "functionResponse" in part:
                    response = part["functionResponse"].get("response")
                    results.append(text_of(response))
                    raw = response
        config = body.get("generationConfig") or {}
        schema = None
        if config.get("responseMimeType") == "application/json":
            schema = config.get("responseJsonSchema") or config.get("responseSchema") or {}
            tools = []
        reply = self.turn(body, tools, results, raw, schema)
        part = {"functionCall": {"name": reply[1], "args": reply[2]}} if reply[0] == "tool" else {"text": reply[1]}
        chunk = {"candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
                 "usageMetadata": {"promptTokenCount": 100, "candidatesTokenCount": 10, "totalTokenCount": 110},
                 "modelVersion": "scripted", "responseId": next_id("r")}
        if not stream:
            return self.send_json(chunk)
        self.sse_start()
        self.sse(chunk)


def main():
    global script, log_path
    script = json.load(open(sys.argv[1]))
    log_path = sys.argv[2]
    open(log_path, "a").close()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Model)
    print(f"127.0.0.1:{server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
