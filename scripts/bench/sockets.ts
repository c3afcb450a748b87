/**
 * Child process of the bench: holds many WebSocket clients so the server under test does not
 * share its event loop with them. Driven over IPC:
 *
 * - `{cmd: 'connect', group, sockets: [{url, protocols}], readyOn: 'open' | 'ready'}` opens them
 *   (50 at a time) and answers `{type: 'connected', group, count}`;
 * - every message received is counted by its `type`, with its arrival time (`collect` answers
 *   and clears them); `chat_message` events are reported at once as `{type: 'chat', clientId, at}`;
 * - `{cmd: 'close', group}` closes a group and answers `{type: 'closed', group}`.
 */
import WebSocket from 'ws';
import { wallMs } from './lib';

type Spec = { url: string; protocols?: string[]; userId?: string };
type Command =
  | { cmd: 'connect'; group: string; sockets: Spec[]; readyOn: 'open' | 'ready' }
  | { cmd: 'collect'; kind: string }
  | { cmd: 'count'; kind: string }
  | { cmd: 'close'; group: string };

const groups = new Map<string, WebSocket[]>();
const arrivals = new Map<string, number[]>();
const send = (m: object) => process.send!(m);

function open(spec: Spec, readyOn: 'open' | 'ready') {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(spec.url, spec.protocols);
    socket.on('message', (raw) => {
      const at = wallMs();
      let event: { type?: string; data?: { message?: { client_id?: string; sender_id?: string } } };
      try {
        event = JSON.parse(String(raw)) as typeof event;
      } catch {
        return;
      }
      const kind = event.type ?? 'unknown';
      if (kind === 'ready' && readyOn === 'ready') resolve(socket);
      if (kind === 'chat_message') {
        const message = event.data?.message;
        if (message?.client_id && message.sender_id !== spec.userId)
          send({ type: 'chat', clientId: message.client_id, at });
        return;
      }
      let list = arrivals.get(kind);
      if (!list) arrivals.set(kind, (list = []));
      list.push(at);
    });
    if (readyOn === 'open') socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`socket refused: ${res.statusCode}`)),
    );
  });
}

process.on('message', (raw) => {
  void (async () => {
    const command = raw as Command;
    switch (command.cmd) {
      case 'connect': {
        const list = groups.get(command.group) ?? [];
        groups.set(command.group, list);
        for (let i = 0; i < command.sockets.length; i += 50) {
          list.push(
            ...(await Promise.all(
              command.sockets.slice(i, i + 50).map((spec) => open(spec, command.readyOn)),
            )),
          );
        }
        send({ type: 'connected', group: command.group, count: list.length });
        break;
      }
      case 'count':
        send({ type: 'count', kind: command.kind, count: arrivals.get(command.kind)?.length ?? 0 });
        break;
      case 'collect': {
        const times = arrivals.get(command.kind) ?? [];
        arrivals.delete(command.kind);
        send({ type: 'collected', kind: command.kind, times });
        break;
      }
      case 'close': {
        const list = groups.get(command.group) ?? [];
        groups.delete(command.group);
        await Promise.all(
          list.map(
            (socket) =>
              new Promise<void>((resolve) => {
                if (socket.readyState === WebSocket.CLOSED) return resolve();
                socket.once('close', () => resolve());
                socket.terminate();
              }),
          ),
        );
        send({ type: 'closed', group: command.group });
        break;
      }
    }
  })().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
});
send({ type: 'started' });
