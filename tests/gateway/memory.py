"""The gateway's peak memory for `bench -- gateway-memory`'s request, from outside.

One Anthropic Messages request holding one tool result of 100 MiB of the bench's mixed
text (107 MB of JSON), sent to `BINARY --root R gateway --listen 127.0.0.1:0 --upstream U`
with a loopback upstream, then the gateway's whole-process VmHWM. Why a script beside the
bench: it needs only a release binary (no bench build), and it can say where the peak's
memory lies. The binary's file pages count in it, and how many are mapped depends on how
the page cache got them (a file just written maps ~3.5 MiB more than one read back), so
`--drop-cache` drops the binary's cached pages first, for figures that compare.

    python3 tests/gateway/memory.py [--drop-cache] [--map] BINARY [LABEL]

Prints the peak in MiB and as a multiple of the request, the status and the bytes that went
up, and the request's time; `--map` also samples /proc/PID/smaps for the mappings at the peak.
"""

import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ANSWER = (b'{"id":"x","type":"message","role":"assistant","content":[{"type":"text","text":"ok"}],'
          b'"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}')


def mixed_text(n):
    """tests/benches/bench/main.rs's `mixed_text`, byte for byte."""
    out, size, i = [], 0, 0
    while size < n:
        m = i % 5
        if m == 0:
            s = "   Compiling crate-%d v0.%d.%d (registry+index)\n" % (i, i % 9, i % 31)
        elif m == 1:
            s = "warning: unused variable `ctx_%d` --> src/lib.rs:%d:9\n" % (i, i % 800)
        elif m == 2:
            s = "    let value_%d = compute(&input[%d..], Some(%d))?;\n" % (i, i % 64, i)
        elif m == 3:
            s = '{"id":%d,"status":"ok","latency_ms":%d,"tags":["a","b"]}\n' % (i, i % 977)
        else:
            s = "请求 %d 处理完成，耗时 %d 毫秒 ✅\n" % (i, i % 300)
        out.append(s)
        size += len(s.encode())
        i += 1
    return "".join(out)


def request(mib):
    """The bench's request, serialized as serde_json does (keys sorted, compact)."""
    body = {"messages": [
        {"content": [{"id": "toolu_%d" % mib, "input": {}, "name": "Bash", "type": "tool_use"}],
         "role": "assistant"},
        {"content": [{"content": mixed_text(mib << 20), "tool_use_id": "toolu_%d" % mib,
                      "type": "tool_result"}], "role": "user"}],
        "model": "claude-sonnet-4-5"}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


def status(pid):
    out = {}
    for line in open("/proc/%d/status" % pid):
        key, value = line.split(":", 1)
        if key in ("VmHWM", "RssAnon", "RssFile"):
            out[key] = int(value.split()[0])
    return out


def main():
    args = sys.argv[1:]
    drop, show_map = "--drop-cache" in args, "--map" in args
    args = [a for a in args if a not in ("--drop-cache", "--map")]
    if not args or args[0].startswith("-"):
        sys.exit("usage: python3 tests/gateway/memory.py [--drop-cache] [--map] BINARY [LABEL]")
    binary, label = args[0], args[1] if len(args) > 1 else ""
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        sys.exit(f"{binary}: no such executable; build one with `cargo build --release -p tool-output`")
    if drop:
        fd = os.open(binary, os.O_RDONLY)
        os.fsync(fd)  # dirty pages (a file just written) are not dropped
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        os.close(fd)
    went_up = [0]

    class Upstream(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            went_up[0] = len(self.rfile.read(int(self.headers.get("content-length", 0))))
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(ANSWER)))
            self.end_headers()
            self.wfile.write(ANSWER)

        def log_message(self, *_):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Upstream)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    root = tempfile.mkdtemp(prefix="tool-output-gateway-memory-")
    body = request(100)
    gateway = subprocess.Popen(
        [binary, "--root", root, "gateway", "--listen", "127.0.0.1:0",
         "--upstream", "http://127.0.0.1:%d" % server.server_address[1]],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        url = gateway.stdout.readline().decode().strip().replace("listening on ", "")
        before = status(gateway.pid)["VmHWM"]
        peak = {"rss": 0, "smaps": ""}
        done = [False]

        def sample():
            while not done[0]:
                text = open("/proc/%d/smaps" % gateway.pid).read()
                rss = sum(int(l.split()[1]) for l in text.splitlines() if l.startswith("Rss:"))
                if rss > peak["rss"]:
                    peak.update(rss=rss, smaps=text)
                time.sleep(0.01)

        if show_map:
            threading.Thread(target=sample, daemon=True).start()
        started = time.time()
        answer = urllib.request.urlopen(urllib.request.Request(
            url + "/v1/messages", data=body, headers={"content-type": "application/json"}))
        answer.read()
        took = time.time() - started
        done[0] = True
        after = status(gateway.pid)
        print("%s VmHWM %.1f MiB, %.3fx the request of %.1f MiB (%.1f MiB before it); "
              "%d, %d bytes went up; %.2f s" % (
                  label, after["VmHWM"] / 1024, after["VmHWM"] * 1024 / len(body),
                  len(body) / 2**20, before / 1024, answer.status, went_up[0], took))
        if show_map:
            print("mappings at the sampled peak (%.1f MiB), those over 128 KiB:" % (peak["rss"] / 1024))
            header = ""
            for line in peak["smaps"].splitlines():
                fields = line.split()
                if "-" in fields[0] and not fields[0].endswith(":"):
                    header = line
                elif line.startswith("Rss:") and int(fields[1]) >= 128:
                    print("  %7d KiB  %s" % (int(fields[1]), header[:120]))
    finally:
        gateway.kill()
        gateway.wait()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
