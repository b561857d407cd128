// Azure Blob emulator for the object-store tests, on loopback: Azurite
// (npm), in memory, with the well-known development account
// (`devstoreaccount1`, whose requests must carry its shared-key signature)
// and a container made at start with the official SDK.
//
// Prints one JSON line {"endpoint", "container"}, then serves until stdin
// closes.

import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BlobServiceClient, StorageSharedKeyCredential } from "@azure/storage-blob";

const here = path.dirname(fileURLToPath(import.meta.url));
const CONTAINER = "tool-output-test";
const ACCOUNT = "devstoreaccount1";
// Azurite's documented development key (public, in every Azure SDK).
const KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const endpoint = `http://127.0.0.1:${port}`;
const azurite = spawn(
  path.join(here, "node_modules", ".bin", "azurite-blob"),
  // No telemetry: nothing leaves the machine.
  ["--blobHost", "127.0.0.1", "--blobPort", String(port), "--inMemoryPersistence",
    "--skipApiVersionCheck", "--disableTelemetry", "--silent"],
  { stdio: "ignore" },
);
// In memory, nothing to save: killed outright (its SIGTERM handler waits
// for open connections).
process.on("exit", () => azurite.kill("SIGKILL"));

const service = new BlobServiceClient(
  `${endpoint}/${ACCOUNT}`,
  new StorageSharedKeyCredential(ACCOUNT, KEY),
);
let made = false;
for (let i = 0; i < 400 && !made; i++) {
  try {
    await service.getContainerClient(CONTAINER).create();
    made = true;
  } catch {
    await new Promise((r) => setTimeout(r, 50));
  }
}
if (!made) {
  console.error("azurite did not start");
  process.exit(1);
}
console.log(JSON.stringify({ endpoint, container: CONTAINER }));
process.stdin.resume();
process.stdin.on("end", () => process.exit(0));
