import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPOSITORY_ROOT } from '../../src/config/env.ts';

export const NGINX_TEMPLATE = path.join(REPOSITORY_ROOT, 'deploy/nginx/nginx.conf.template');

export interface NginxProxy {
  /** http://127.0.0.1:<port>: the one address players use. */
  url: string;
  /** nginx's access log so far: one line per request. */
  accessLog(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * nginx from Debian's package in front of `upstreams`, with the deployment's own configuration
 * (deploy/nginx/nginx.conf.template) filled in for a scratch folder and `port`.
 */
export async function startNginx(options: { port: number; upstreams: string[] }): Promise<NginxProxy> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'hit21-nginx-'));
  const servers = options.upstreams.map((url) => `server ${new URL(url).host};`).join('\n    ');
  const config = (await readFile(NGINX_TEMPLATE, 'utf8'))
    .replaceAll('__PREFIX__', prefix)
    .replaceAll('__LISTEN__', `127.0.0.1:${options.port}`)
    .replaceAll('__UPSTREAM_SERVERS__', servers);
  const configFile = path.join(prefix, 'nginx.conf');
  await writeFile(configFile, config);

  const output: string[] = [];
  const child: ChildProcess = spawn('nginx', ['-p', prefix, '-c', configFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error) =>
      reject(new Error(`nginx could not be started (apt-get install nginx): ${error.message}`)),
    );
  });
  await spawned;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    }
    await rm(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await isListening(options.port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start listening on ${options.port}:\n${output.join('')}`);
    }
    await sleep(50);
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    accessLog: () => readFile(path.join(prefix, 'access.log'), 'utf8').catch(() => ''),
    stop,
  };
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
