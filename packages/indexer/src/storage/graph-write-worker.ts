/**
 * The graph-writing thread: builds the temp database from the packed rows the main thread sends,
 * in the order it sends them. After a failure it builds nothing more, and says why once.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { asWriteError, GraphBuild } from './graph-build.js';
import type { GraphWriteReply, GraphWriteRequest, GraphWriteStart } from './graph-write-messages.js';

const { tempPath, target, settings } = workerData as GraphWriteStart;
const port = parentPort!;
let build: GraphBuild | undefined;
let failed = false;

function reply(message: GraphWriteReply): void {
  port.postMessage(message);
}

function fail(error: unknown): void {
  failed = true;
  build?.abandon();
  build = undefined;
  const { code, message } = asWriteError(error, target);
  reply({ type: 'failed', code, message });
  port.close();
}

try {
  build = new GraphBuild(tempPath, target, settings);
} catch (error) {
  fail(error);
}

port.on('message', (request: GraphWriteRequest) => {
  if (failed || !build) return;
  try {
    switch (request.type) {
      case 'nodes':
        build.addNodes(request.portion);
        break;
      case 'declared':
        build.declare(request.nodes, request.files);
        break;
      case 'resolved':
        build.addResolved(request.edges, request.unresolved);
        break;
      case 'finish': {
        const { metadataKeys, groupDigests } = build.finish(request.metadata);
        build = undefined;
        reply({ type: 'built', metadataKeys, groupDigests });
        port.close();
        break;
      }
    }
  } catch (error) {
    fail(error);
  }
});
