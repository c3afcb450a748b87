import type { SocketLike } from '@/lib/realtime';

/**
 * Stand-in for the browser's WebSocket (the process edge): records what the client opens and
 * sends, and lets a test play the server's side.
 */
export class FakeWebSocket implements SocketLike {
  static instances: FakeWebSocket[] = [];

  static last(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('No socket was opened.');
    return socket;
  }

  onopen: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly sent: string[] = [];
  closedByClient = false;

  constructor(
    readonly url: string,
    readonly protocols: string | string[] = [],
  ) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    this.closedByClient = true;
  }

  /** Server side: accept the handshake. */
  accept(): void {
    this.onopen?.();
  }

  /** Server side: send an event. */
  push(event: unknown): void {
    this.onmessage?.({ data: JSON.stringify(event) });
  }

  /** Server side (or network): close the connection. */
  drop(code = 1006): void {
    this.onclose?.({ code, reason: '' });
  }
}
