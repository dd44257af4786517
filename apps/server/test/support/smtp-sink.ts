import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  subject: string;
  messageId: string;
  raw: string;
}

export interface SmtpSink {
  port: number;
  /** Every message accepted, in order. */
  received: ReceivedMail[];
  /** Messages whose data arrived but whose answer is held back (see `hold`). */
  held(): number;
  /** From now on, holds back the answer to each message until `release`: a send in progress. */
  hold(): void;
  /** Answers every held message and stops holding. */
  release(): void;
  close(): Promise<void>;
}

/** One header of a raw message, its folded lines joined. */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
}

/**
 * A real SMTP server on loopback that keeps what it receives. `port` 0 picks a free one; a
 * port from `freePort` lets a test refuse connections first and start the server there later.
 */
export function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiting: (() => void)[] = [];
  let isHolding = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const accept = () => {
          received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: header(raw, 'Subject'),
            messageId: header(raw, 'Message-ID'),
            raw,
          });
          callback();
        };
        if (isHolding) waiting.push(accept);
        else accept();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        received,
        held: () => waiting.length,
        hold() {
          isHolding = true;
        },
        release() {
          isHolding = false;
          for (const accept of waiting.splice(0)) accept();
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** A loopback port nothing listens on (yet): connections to it are refused. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
