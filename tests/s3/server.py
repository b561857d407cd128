"""A real S3-compatible server for the object-store tests: moto's, on
loopback, with request signatures checked (an IAM user and key are made at
start, so a wrong key or secret is refused as by AWS).

Prints one JSON line {"endpoint", "access_key", "secret_key", "bucket"},
then takes commands on stdin, one per line, answering "ok" or "error ...":
  delete KEY   delete an object (a store changed under a reader)
  put KEY N    write an object of N bytes "x" (a hostile store)
  keys PREFIX  answer "ok" and the keys under PREFIX, space-separated
  stop         stop serving (the store goes away; the port stays reserved)
  start        serve again on the same port, with the same objects
Ends when stdin closes.
"""

import json
import os
import socket
import sys

# moto reads this when imported: the first 3 requests (the IAM set-up
# below) go unsigned, every later one must be signed with the user's key.
os.environ["INITIAL_NO_AUTH_ACTION_COUNT"] = "3"

import boto3  # noqa: E402
from moto.server import ThreadedMotoServer  # noqa: E402

BUCKET = "tool-output-test"
REGION = "us-east-1"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    endpoint = f"http://127.0.0.1:{port}"
    setup = dict(endpoint_url=endpoint, region_name=REGION,
                 aws_access_key_id="setup", aws_secret_access_key="setup")
    iam = boto3.client("iam", **setup)
    iam.create_user(UserName="tool-output")
    key = iam.create_access_key(UserName="tool-output")["AccessKey"]
    iam.put_user_policy(UserName="tool-output", PolicyName="s3", PolicyDocument=json.dumps({
        "Version": "2012-10-17",
        "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}],
    }))
    s3 = boto3.client("s3", endpoint_url=endpoint, region_name=REGION,
                      aws_access_key_id=key["AccessKeyId"],
                      aws_secret_access_key=key["SecretAccessKey"])
    s3.create_bucket(Bucket=BUCKET)
    print(json.dumps({"endpoint": endpoint, "access_key": key["AccessKeyId"],
                      "secret_key": key["SecretAccessKey"], "bucket": BUCKET}), flush=True)
    running = True
    for line in sys.stdin:
        words = line.split()
        try:
            if words[:1] == ["delete"] and len(words) == 2:
                s3.delete_object(Bucket=BUCKET, Key=words[1])
            elif words[:1] == ["put"] and len(words) == 3:
                s3.put_object(Bucket=BUCKET, Key=words[1], Body=b"x" * int(words[2]))
            elif words[:1] == ["keys"] and len(words) == 2:
                pages = s3.get_paginator("list_objects_v2").paginate(Bucket=BUCKET, Prefix=words[1])
                keys = [o["Key"] for page in pages for o in page.get("Contents", [])]
                print(" ".join(["ok", *keys]), flush=True)
                continue
            elif words == ["stop"] and running:
                server.stop()
                running = False
            elif words == ["start"] and not running:
                server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
                server.start()
                running = True
            else:
                raise ValueError(f"unknown command {line.strip()!r}")
            print("ok", flush=True)
        except Exception as e:  # reported to the test, which fails on it
            print(f"error {e}".replace("\n", " "), flush=True)
    if running:
        server.stop()


if __name__ == "__main__":
    main()
