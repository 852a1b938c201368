/**
 * The MCP stdio transport (one JSON-RPC message a line), with bad input answered instead of
 * ending the session. The SDK's own stdio transport closes on a line over 10 MiB, and the server
 * then exits 0 without a word; here such a request is skipped to its end and answered with a
 * JSON-RPC error, and a line that is not JSON-RPC gets one too, so the client learns why and the
 * session goes on.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';

/** The largest request read, as the SDK's transport: a query's arguments are a few KiB. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
/** Bytes kept from each end of an oversized line: enough to find its `id`. */
const EDGE_BYTES = 4096;

export interface BoundedStdioOptions {
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
  maxRequestBytes?: number;
}

export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly stdin: NodeJS.ReadableStream;
  private readonly stdout: NodeJS.WritableStream;
  private readonly maxBytes: number;
  /** Pieces of the current line, while it is within the limit. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Set while skipping an oversized line: its head, its last bytes so far, its size. */
  private oversized: { head: Buffer; tail: Buffer; bytes: number } | undefined;
  private started = false;

  constructor(options: BoundedStdioOptions = {}) {
    this.stdin = options.stdin ?? process.stdin;
    this.stdout = options.stdout ?? process.stdout;
    this.maxBytes = options.maxRequestBytes ?? MAX_REQUEST_BYTES;
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('BoundedStdioTransport already started');
    this.started = true;
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.pending = [];
    this.oversized = undefined;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(`${JSON.stringify(message)}\n`);
  }

  private write(line: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(line)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  private readonly onStreamError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string) => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    while (data.length > 0) {
      const newline = data.indexOf(0x0a);
      const piece = newline === -1 ? data : data.subarray(0, newline);
      this.take(piece);
      if (newline === -1) break;
      this.endLine();
      data = data.subarray(newline + 1);
    }
  };

  /** Adds bytes to the current line, switching to skipping once it passes the limit. */
  private take(piece: Buffer): void {
    if (this.oversized) {
      this.oversized.bytes += piece.length;
      this.oversized.tail = lastBytes(Buffer.concat([this.oversized.tail, piece]));
      return;
    }
    if (this.pendingBytes + piece.length <= this.maxBytes) {
      this.pending.push(piece);
      this.pendingBytes += piece.length;
      return;
    }
    const line = Buffer.concat([...this.pending, piece]);
    this.oversized = { head: line.subarray(0, EDGE_BYTES), tail: lastBytes(line), bytes: line.length };
    this.pending = [];
    this.pendingBytes = 0;
  }

  private endLine(): void {
    if (this.oversized) {
      const { head, tail, bytes } = this.oversized;
      this.oversized = undefined;
      const id = requestIdIn(head.toString('utf8'), tail.toString('utf8'));
      this.reply(id, ErrorCode.InvalidRequest,
        `request of ${bytes} bytes is over this server's limit of ${this.maxBytes} bytes; it was not read (send smaller arguments)`);
      return;
    }
    const line = Buffer.concat(this.pending).toString('utf8').replace(/\r$/, '');
    this.pending = [];
    this.pendingBytes = 0;
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      this.reply(null, ErrorCode.ParseError, 'a line that is not JSON: each message must be one JSON-RPC object on one line');
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (!parsed.success) {
      const id = (json as { id?: unknown } | null)?.id;
      this.reply(typeof id === 'string' || typeof id === 'number' ? id : null, ErrorCode.InvalidRequest, 'not a JSON-RPC 2.0 message');
      return;
    }
    this.onmessage?.(parsed.data);
  }

  /** A JSON-RPC error; `id` null when the request's id could not be read, as JSON-RPC 2.0 says. */
  private reply(id: RequestId | null, code: number, message: string): void {
    this.onerror?.(new Error(message));
    this.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`).catch(() => {});
  }
}

function lastBytes(buffer: Buffer): Buffer {
  return buffer.length <= EDGE_BYTES ? buffer : Buffer.from(buffer.subarray(buffer.length - EDGE_BYTES));
}

/**
 * The top-level `id` of a request known only by its ends: found among the short members
 * (strings, numbers) that open the object (`{"jsonrpc":"2.0","id":7,…`) or close it
 * (`…,"jsonrpc":"2.0","id":7}`, as the SDK's client writes it). Only there is an `id` surely the
 * request's own and not one inside its parameters.
 */
function requestIdIn(head: string, tail: string): RequestId | null {
  const str = String.raw`"(?:[^"\\]|\\.)*"`;
  const value = String.raw`(-?\d+|${str})`;
  const member = String.raw`\s*${str}\s*:\s*(?:${str}|-?\d+(?:\.\d+)?|true|false|null)\s*`;
  const found = new RegExp(String.raw`^\s*\{(?:${member},)*\s*"id"\s*:\s*${value}\s*[,}]`).exec(head)
    ?? new RegExp(String.raw`[,{]\s*"id"\s*:\s*${value}(?:\s*,${member})*\}\s*$`).exec(tail.replace(/\r$/, ''));
  if (!found) return null;
  try {
    const id = JSON.parse(found[1]) as unknown;
    return typeof id === 'string' || typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}
