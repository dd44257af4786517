import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/** The recorded answers (test/fixtures/fpl-api, built from the real 2025/26 data). */
const FIXTURES_DIR = fileURLToPath(new URL('../../../fixtures/fpl-api/', import.meta.url));

/** An answer of the fake API: JSON to serialise, raw text, or a request left hanging. */
export type Answer =
  | { status?: number; delayMs?: number; json: unknown }
  | { status?: number; delayMs?: number; text: string }
  | { hang: true };

/** API path (as after the base URL, e.g. `event/3/live/`) → answer. */
export type Answers = Map<string, Answer>;

/**
 * The FPL API as it answered at one moment of the season: after gameweek 3 (Semenyo still at
 * Bournemouth) or after gameweek 22 (at Manchester City, two more players in the game).
 */
export async function recordedAnswers(moment: 'after-gw3' | 'after-gw22'): Promise<Answers> {
  const read = async (file: string) =>
    JSON.parse(await readFile(`${FIXTURES_DIR}${file}`, 'utf8')) as unknown;
  const answers: Answers = new Map([
    ['bootstrap-static/', { json: await read(`${moment}/bootstrap-static.json`) }],
    ['fixtures/', { json: await read(`${moment}/fixtures.json`) }],
  ]);
  const lastGameweek = Number(moment.replace('after-gw', ''));
  for (const file of await readdir(`${FIXTURES_DIR}event-live`)) {
    const week = Number.parseInt(file, 10);
    if (week <= lastGameweek) answers.set(`event/${week}/live/`, { json: await read(`event-live/${file}`) });
  }
  return answers;
}

/** The JSON of an answer, to change in place (a correction, a broken answer). */
export function jsonOf<T>(answers: Answers, path: string): T {
  const answer = answers.get(path);
  if (!answer || !('json' in answer)) throw new Error(`No JSON answer for ${path}`);
  return answer.json as T;
}

/**
 * A local HTTP server in front of `answers` (read at each request, so a test may change them
 * between syncs). `baseUrl` is what STATS_SYNC_SOURCE would be; `requests` lists the paths asked.
 */
export async function startFplApiServer(answers: () => Answers) {
  const requests: string[] = [];
  const load = { inFlight: 0, maxInFlight: 0 };
  const server = createServer(async (request, response) => {
    const path = (request.url ?? '').replace(/^\/api\//, '');
    requests.push(path);
    const answer = answers().get(path);
    if (answer && 'hang' in answer) return;
    if (!answer) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
      return;
    }
    load.inFlight += 1;
    load.maxInFlight = Math.max(load.maxInFlight, load.inFlight);
    if (answer.delayMs) await sleep(answer.delayMs);
    load.inFlight -= 1;
    const body = 'json' in answer ? JSON.stringify(answer.json) : answer.text;
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/`,
    requests,
    /** Requests being answered at once, at most (a delayed answer counts while it waits). */
    load,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
