#!/usr/bin/env python3
"""Writes the seed corpora, fuzz/corpus/<target>/: small realistic tool
outputs (coloured cargo and pytest logs, JSON API responses, CJK, invalid
UTF-8, OSC 8 links, progress bars) and the shapes of the project's own
fixtures (tests/src/fixtures.rs, host/src/demo.rs), in each target's input
format. Run it again after changing a format: `python3 fuzz/seeds.py`.
Seeds stay small (a few KB): the fuzzer grows its own corpus from them."""

import json
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
ESC = "\x1b"


def cargo_log(lines=60, error_at=31):
    out = []
    for i in range(lines):
        if i == error_at:
            out.append(
                f"{ESC}[1m{ESC}[31merror[E0433]{ESC}[0m{ESC}[1m: failed to resolve: use of undeclared crate or module `tokio`{ESC}[0m\n"
                f"{ESC}[1m{ESC}[34m  --> {ESC}[0msrc/net/server.rs:42:5\n"
                f"{ESC}[1m{ESC}[34m42 |{ESC}[0m     tokio::spawn(async move {{\n"
                f"{ESC}[1m{ESC}[34m   |{ESC}[0m     {ESC}[1m{ESC}[31m^^^^^{ESC}[0m use of undeclared crate or module `tokio`\n"
            )
        elif i % 17 == 13:
            out.append(f"{ESC}[1m{ESC}[33mwarning{ESC}[0m: unused variable: `ctx{i}`\n  --> src/mod{i}.rs:{i % 300 + 1}:9\n")
        else:
            out.append(f"{ESC}[1m{ESC}[32m   Compiling{ESC}[0m crate-{i:04} v0.{i % 9}.{i % 17} (registry)\n")
        if i % 20 == 0:
            out.append("Building [=====>          ] 812/2000\rBuilding [=========>      ] 1300/2000\n")
    out.append(f"{ESC}[1m{ESC}[31merror{ESC}[0m: could not compile `server` (lib) due to 1 previous error\n")
    return "".join(out)


def pytest_log():
    return (
        f"{ESC}[1m============================= test session starts =============================={ESC}[0m\n"
        "platform linux -- Python 3.11.7, pytest-8.3.3, pluggy-1.5.0\n"
        "collected 42 items\n\n"
        f"tests/test_api.py {ESC}[32m.......{ESC}[0m{ESC}[31mF{ESC}[0m{ESC}[32m....{ESC}[0m{ESC}[32m                                 [ 28%]{ESC}[0m\n"
        f"tests/test_db.py {ESC}[32m..............................{ESC}[0m{ESC}[32m                      [100%]{ESC}[0m\n\n"
        "=================================== FAILURES ===================================\n"
        f"{ESC}[31m{ESC}[1m________________________ test_timeout_is_reported _________________________{ESC}[0m\n\n"
        "    def test_timeout_is_reported():\n"
        "        resp = client.get('/slow', timeout=0.1)\n"
        f">       assert resp.status_code == 504\n{ESC}[1m{ESC}[31mE       assert 200 == 504{ESC}[0m\n"
        "E        +  where 200 = <Response [200]>.status_code\n\n"
        f"{ESC}[1m{ESC}[31mtests/test_api.py{ESC}[0m:88: AssertionError\n"
        "=========================== short test summary info ============================\n"
        f"{ESC}[31mFAILED{ESC}[0m tests/test_api.py::test_timeout_is_reported - assert 200 == 504\n"
        f"{ESC}[31m========================= {ESC}[31m{ESC}[1m1 failed{ESC}[0m, {ESC}[32m41 passed{ESC}[0m{ESC}[31m in 3.21s{ESC}[0m{ESC}[31m ========================={ESC}[0m\n"
    )


def api_json(n=12, pretty=False):
    items = []
    for i in range(n):
        failed = i == 7
        items.append({
            "id": 9007199254740993 + i,
            "name": f"job-{i:05}",
            "status": "failed" if failed else "ok",
            "latency_ms": (i * 37) % 900 + 12,
            "error": "connection reset by peer" if failed else None,
            "tags": ["batch", f"region-{i % 4}"],
        })
    doc = {"total": n, "items": items, "next": None, "ratio": 1e-7, "big": 12345678901234567890}
    return json.dumps(doc, indent=2 if pretty else None, separators=None if pretty else (",", ":"))


def app_log(lines=1100, fatal_at=600):
    # The shape of tests/src/fixtures.rs: many short lines, one fatal one.
    return "".join(
        "FATAL: disk quota exceeded while writing /var/lib/db\n" if i == fatal_at else f"I {i}\n"
        for i in range(lines)
    )


def cjk_log():
    lines = []
    for i in range(40):
        if i == 23:
            lines.append(f"2024-01-01 12:00:{i:02} 请求超时 id={i} ❌ エラー: タイムアウト")
        else:
            lines.append(f"2024-01-01 12:00:{i:02} 请求成功 id={i} 耗时 {i % 97}ms ✅ 한국어 ＥＲＲＯＲ１ 🦀")
    return "\n".join(lines) + "\n"


def osc_log():
    return (
        f"{ESC}]0;user@host: ~/src{ESC}\\\n"
        f"total 12\n-rw-r--r-- 1 me me 120 Jan  1 {ESC}]8;;file:///src/Cargo.toml{ESC}\\Cargo.toml{ESC}]8;;{ESC}\\\n"
        f"drwxr-xr-x 3 me me 4096 Jan  1 {ESC}]8;;file:///src/src\x07src{ESC}]8;;\x07\n"
        f"see {ESC}]8;id=1;https://docs.rs/tokio{ESC}\\the docs{ESC}]8;;{ESC}\\ for more\n"
        f"{ESC}P1$r0m{ESC}\\{ESC}_apc payload{ESC}\\{ESC}(B{ESC}7saved{ESC}8 {ESC}[?25l{ESC}[2K{ESC}[1Gdone{ESC}[?25h\n"
        f"\u009b31mC1 red\u009b0m and an unterminated {ESC}]8;;http://x\n"
        "the next line must survive\n"
        f"{ESC}[31\nbroken CSI above\n"
    )


def invalid_utf8():
    return (b"ok \xff\xfe end \xe9\n"
            b"truncated \xe2\x82 euro \xe2\x82\xac\n"
            b"overlong \xc0\xaf surrogate \xed\xa0\x80 \xf4\x90\x80\x80\n"
            b"nul \x00 bytes \x00\x00 binary\x01\x02\x03\n"
            b"latin-1 caf\xe9 na\xefve\r\n"
            b"ends mid-char \xf0\x9f\xa6")


def java_trace(entries=12, failing=7):
    # Timestamped entries, one with a cause chain (records, causes).
    out = []
    for i in range(entries):
        out.append(f"2026-11-23T10:00:{i:02}Z INFO  o.s.web.Servlet handled GET /orders/{i} in {i * 3 % 40} ms\n")
        if i == failing:
            out.append(
                f"2026-11-23T10:00:{i:02}Z ERROR o.s.web.Servlet request failed\n"
                "org.springframework.dao.DataAccessResourceFailureException: could not open connection\n"
                "\tat org.springframework.orm.jpa.Dialect.translate(Dialect.java:281)\n"
                "\tat com.shop.orders.OrderService.place(OrderService.java:88)\n"
                "Caused by: java.net.ConnectException: Connection refused\n"
                "\tat java.base/sun.nio.ch.Net.connect0(Native Method)\n"
                "\tat com.shop.db.Pool.open(Pool.java:41)\n"
            )
    return "".join(out)


def pod_list(pods=10, odd=6):
    # YAML list items (records) with one value standing out.
    out = ["apiVersion: v1\nitems:\n"]
    for i in range(pods):
        ready = "false" if i == odd else "true"
        out.append(f"- metadata:\n    name: web-{i:03}\n  status:\n    ready: {ready}\n    restartCount: {40 if i == odd else 0}\n")
    out.append("kind: List\n")
    return "".join(out)


def psql_table(rows=12, empty=5):
    # A |-separated table with one empty field (odd fields).
    out = [" id | email               | plan\n----+---------------------+------\n"]
    for i in range(rows):
        email = "" if i == empty else f"user{i}@example.com"
        out.append(f" {i:2} | {email:19} | pro\n")
    out.append(f"({rows} rows)\n")
    return "".join(out)


def text_seeds():
    long_line = ("word " * 1300) + "\n" + ("x" * 4100)
    return {
        "cargo_color.log": cargo_log().encode(),
        "pytest.log": pytest_log().encode(),
        "api.json": api_json().encode(),
        "api_pretty.json": api_json(4, pretty=True).encode(),
        "nested.json": b'{"a":[[[[{"b":[1,2,{"c":[]}]}]]]],"s":"\\u00e9\\"\\\\","n":-0.5e+10}',
        "json_lookalike.txt": b"[1, 2] and then some prose\n{\"not\": json\n",
        "app_log.txt": app_log().encode(),
        "cjk.log": cjk_log().encode(),
        "osc_links.log": osc_log().encode(),
        "invalid_utf8.bin": invalid_utf8(),
        "long_lines.txt": long_line.encode(),
        "progress_crlf.txt": b"one\r\ntwo\r\n\r\n10%\r50%\r100%\ntail\r",
        "empty": b"",
    }


def write(target, name, data):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def main():
    texts = text_seeds()
    small = {k: v for k, v in texts.items() if k != "app_log.txt"}
    for name, data in texts.items():
        write("view", name, data)
        write("store", name, data)
    for i, (name, data) in enumerate(sorted(small.items())):
        budget = (60, 300, 2000)[i % 3]
        write("truncate", f"{budget}_{name}", struct.pack("<H", budget) + data)
    # readers: kind, a, b (u64), payload length, query length, payload, query, output.
    log = app_log(1100, 700).encode()
    queries = [b"which disk quota was exceeded", b"error timeout", b""]
    payloads = [b"", b"\x00" * 8 + b"\xff" * 8, b'{"version":1}', b"garbage\n\xff\n" * 4]
    for kind in range(12):
        payload = payloads[kind % len(payloads)]
        query = queries[kind % len(queries)]
        doc = log if kind % 2 == 0 else cargo_log(30, 12).encode()
        head = struct.pack("<BQQBB", kind, 1 + kind * 3, 7 << (kind % 5), len(payload), len(query))
        write("readers", f"kind{kind:02}", head + payload + query + doc)
    # Kind 12: a nonsensical sidecar over outputs that have records, causes
    # and odd fields of their own.
    shaped = {"trace": java_trace(), "pods": pod_list(), "psql": psql_table()}
    for i, (name, doc) in enumerate(shaped.items()):
        payload, query = b"timestamp", [b"why did the connection fail", b"which pod is not ready", b"email"][i]
        head = struct.pack("<BQQBB", 12, 5 + i, 2 + i * 3, len(payload), len(query))
        write("readers", f"kind12_{name}", head + payload + query + doc.encode())
    # chunk: budget (u16), overlap %, max chunks, counter kind, text.
    for i, (name, data) in enumerate(sorted(small.items())):
        budget, overlap, counter = ((40, 10, i % 5), (400, 50, (i + 2) % 5), (7, 0, 4))[i % 3]
        write("chunk", f"{budget}_{overlap}_{counter}_{name}", struct.pack("<HBBB", budget, overlap, 200, counter) + data)
    # lexical: the request, a newline, the document.
    write("lexical", "cargo", b"which crate or module failed to resolve\n" + cargo_log().encode())
    write("lexical", "app_log", b"disk quota exceeded\n" + app_log(300, 150).encode())
    write("lexical", "cjk", "找出所有超时的请求\n".encode() + cjk_log().encode())
    write("lexical", "snake", "tokio_util TIMEOUT ＥＲＲＯＲ１ foo_bar timeouts\n".encode() + b"foo_bar_baz tokio timeouted errors\n" * 20)
    many = " ".join(f"zz{i}" for i in range(20)) + " timeout"
    write("lexical", "long_query", many.encode() + b"\nTIMEOUTS zz3\nx\ntimeoutexceeded zz19_x\n")
    write("lexical", "words", b"why did the storage fail to restartCount CrashLoopBackOff\n" + b"disk failed\nfailing restarts\n" * 9 + pod_list().encode())
    write("lexical", "records", b"root cause of the refused connection\n" + java_trace().encode())
    # report: model answers with the fixed nonce.
    n = "0123456789abcdef"
    o, c = f'<ai-agent-{n}-FINAL format="text">', f"</ai-agent-{n}-FINAL>"
    answers = {
        "plain": f"Here you go:\n{o}\n  the answer  \n{c}\n",
        "no_close": f"{o}\nline 1\nline 2\n\n",
        "think": f"<think>draft: {o}draft{c}\nwrong</think>\n{o}real{c}\x00trailing text",
        "unclosed_think": f"<think>I will answer {o}draft{c}",
        "lenient": f"< ai-agent-{n}-FINAL  format = \"text\" >x< / AI-Agent-{n}-Final >y",
        "fenced": f"```xml\n{o}\nanswer\n```\n",
        "no_data": f"{o}\n NO RELEVANT DATA FOUND. The output only lists sizes.{c}",
        "wrong_nonce": f'<ai-agent-fedcba9876543210-FINAL format="text">x</ai-agent-fedcba9876543210-FINAL>',
        "nested": f"{o}日本 <x> 🦀 {o}inner{c} after{c}\x00{c}more",
    }
    for name, text in answers.items():
        write("report", name, text.encode())


if __name__ == "__main__":
    main()
