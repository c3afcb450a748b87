// Stand-in for the `axllent/mailpit` image (compose tier only; infra/compose/README.md): an SMTP
// catcher on :1025 (smtp-server, no authentication, no TLS) that keeps the last 500 messages in
// memory, and the part of Mailpit's HTTP API on :8025 a test reads, in Mailpit's JSON shapes:
//
//   GET    /api/v1/messages             newest first: { total, count, start, messages: [summary] }
//   GET    /api/v1/message/{ID|latest}  one message, parsed (mailparser): Text, HTML, From, To, …
//   GET    /api/v1/message/{ID}/raw     the message as received
//   DELETE /api/v1/messages             forget them all
//   GET    /livez, /readyz              200
//
// Mailpit's web interface is not imitated: `/` only names these routes.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const MAX_MESSAGES = 500;
/** Newest last; each { id, raw, parsed, created }. */
const messages = [];

const addresses = (field) =>
  (field?.value ?? []).map((a) => ({ Name: a.name ?? '', Address: a.address ?? '' }));

function summary(m) {
  const text = (m.parsed.text ?? '').replace(/\s+/g, ' ').trim();
  return {
    ID: m.id,
    MessageID: (m.parsed.messageId ?? '').replace(/^<|>$/g, ''),
    Read: false,
    From: addresses(m.parsed.from)[0] ?? { Name: '', Address: '' },
    To: addresses(m.parsed.to),
    Cc: addresses(m.parsed.cc),
    Bcc: [],
    ReplyTo: addresses(m.parsed.replyTo),
    Subject: m.parsed.subject ?? '',
    Created: m.created,
    Tags: [],
    Size: Buffer.byteLength(m.raw),
    Attachments: m.parsed.attachments?.length ?? 0,
    Snippet: text.slice(0, 250),
  };
}

function detail(m) {
  const { Created, Snippet: _snippet, Read: _read, Attachments: _count, ...rest } = summary(m);
  return {
    ...rest,
    ReturnPath: m.envelopeFrom,
    Date: m.parsed.date?.toISOString() ?? Created,
    Text: m.parsed.text ?? '',
    HTML: typeof m.parsed.html === 'string' ? m.parsed.html : '',
    Inline: [],
    Attachments: (m.parsed.attachments ?? []).map((a, i) => ({
      PartID: String(i + 2),
      FileName: a.filename ?? '',
      ContentType: a.contentType,
      Size: a.size,
    })),
  };
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 25 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        const parsed = await simpleParser(raw);
        messages.push({
          id: randomBytes(11).toString('base64url'),
          raw,
          parsed,
          created: new Date().toISOString(),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        });
        if (messages.length > MAX_MESSAGES) messages.splice(0, messages.length - MAX_MESSAGES);
        console.log(
          `[smtp] message to ${session.envelope.rcptTo.map((r) => r.address).join(', ')}: ${parsed.subject ?? ''}`,
        );
        callback();
      } catch (error) {
        callback(error);
      }
    });
  },
});

function send(response, status, body, type = 'application/json') {
  const text = type === 'application/json' ? JSON.stringify(body) : String(body);
  response.writeHead(status, { 'content-type': `${type}; charset=utf-8` }).end(text);
}

const api = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://mailpit');
  const route = `${request.method} ${url.pathname}`;
  if (route === 'GET /livez' || route === 'GET /readyz')
    return send(response, 200, 'ok', 'text/plain');
  if (route === 'GET /api/v1/messages') {
    const start = Number(url.searchParams.get('start') ?? 0) || 0;
    const limit = Number(url.searchParams.get('limit') ?? 50) || 50;
    const page = [...messages]
      .reverse()
      .slice(start, start + limit)
      .map(summary);
    return send(response, 200, {
      total: messages.length,
      unread: messages.length,
      count: page.length,
      messages_count: messages.length,
      start,
      tags: [],
      messages: page,
    });
  }
  if (route === 'DELETE /api/v1/messages') {
    messages.splice(0, messages.length);
    return send(response, 200, 'ok', 'text/plain');
  }
  const one = /^\/api\/v1\/message\/([\w-]+)(\/raw)?$/.exec(url.pathname);
  if (request.method === 'GET' && one) {
    const found = one[1] === 'latest' ? messages.at(-1) : messages.find((m) => m.id === one[1]);
    if (!found) return send(response, 404, 'message not found', 'text/plain');
    return one[2]
      ? send(response, 200, found.raw, 'text/plain')
      : send(response, 200, detail(found));
  }
  if (route === 'GET /') {
    return send(
      response,
      200,
      'Mailpit stand-in (compose tier): GET /api/v1/messages, GET /api/v1/message/{ID}\n',
      'text/plain',
    );
  }
  return send(response, 404, 'not found', 'text/plain');
});

smtp.listen(1025, '0.0.0.0', () => console.log('mailpit stand-in: SMTP on 0.0.0.0:1025'));
api.listen(8025, '0.0.0.0', () => console.log('mailpit stand-in: HTTP API on 0.0.0.0:8025'));
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    smtp.close(() => undefined);
    api.close(() => process.exit(0));
  });
}
