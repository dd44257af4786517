import { isIPv4 } from 'node:net';
import { AppError } from '@hit21/core';
import type { FastifyBaseLogger } from 'fastify';

/** The caps on live streams of one instance (config: NOTIFICATION_STREAMS_*). */
export interface StreamCaps {
  perClient: number;
  perInstance: number;
  /** The longest a stream lives, which bounds how long a refused client waits for a slot. */
  lifetimeSeconds: number;
}

export type Admission =
  | { isAdmitted: true /** Frees the slot; safe to call more than once. */; release(): void }
  | { isAdmitted: false; error: AppError; retryAfterSeconds: number };

export interface StreamAdmission {
  admit(clientAddress: string): Admission;
  counts(): { streams: number; clients: number };
}

/** The warning is logged as the streams reach this share of the cap… */
const NEAR_CAP_SHARE = 0.8;
/** …and again only after they have fallen under this share, so a level near it logs once. */
const REARM_SHARE = 0.7;
/** A refused client is told to come back after this (or the lifetime, if shorter). */
const CLIENT_RETRY_SECONDS = 60;
const INSTANCE_RETRY_SECONDS = 30;

/** The instance cap unless configured: half the open-file limit (each stream holds a socket). */
export function defaultStreamCap(openFileLimit: number): number {
  return Math.max(1, Math.floor(openFileLimit / 2));
}

/**
 * Whose streams count together: an IPv4 address (an IPv4-mapped one as IPv4), or an IPv6
 * address's /64, which one client commonly holds whole (as @fastify/rate-limit counts it).
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (isIPv4(address) || !address.includes(':')) return address;
  const [head = '', tail] = address.split('%')[0]?.split('::') ?? [];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  const groups = [...headGroups, ...zeros, ...tailGroups].slice(0, 4);
  return `${groups.map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/**
 * Counts this instance's live streams by client address and refuses one past either cap:
 * 429 (reason TOO_MANY_STREAMS) past the client's, 503 (STREAMS_FULL) past the instance's, so
 * that streams cannot take the sockets ordinary requests need. Warns once as the instance
 * nears its cap and once as it reaches it.
 */
export function createStreamAdmission(caps: StreamCaps, log: FastifyBaseLogger): StreamAdmission {
  const byClient = new Map<string, number>();
  let streams = 0;
  let hasWarnedNear = false;
  let hasWarnedFull = false;
  const nearCap = Math.ceil(caps.perInstance * NEAR_CAP_SHARE);
  const rearmBelow = Math.ceil(caps.perInstance * REARM_SHARE);

  function refusal(isInstanceFull: boolean): Admission {
    const retryAfterSeconds = Math.min(
      caps.lifetimeSeconds,
      isInstanceFull ? INSTANCE_RETRY_SECONDS : CLIENT_RETRY_SECONDS,
    );
    const wait = `Try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'}.`;
    const error = isInstanceFull
      ? new AppError('UNAVAILABLE', {
          reason: 'STREAMS_FULL',
          message: `This instance holds its cap of ${caps.perInstance} live streams`,
          userMessage: `Live updates are busy right now. ${wait}`,
        })
      : new AppError('RATE_LIMITED', {
          reason: 'TOO_MANY_STREAMS',
          message: `This client address holds its cap of ${caps.perClient} live streams`,
          userMessage: `Too many live connections from your network. ${wait}`,
        });
    return { isAdmitted: false, error, retryAfterSeconds };
  }

  return {
    admit(clientAddress) {
      const key = clientKey(clientAddress);
      const held = byClient.get(key) ?? 0;
      if (held >= caps.perClient) return refusal(false);
      if (streams >= caps.perInstance) {
        if (!hasWarnedFull) {
          hasWarnedFull = true;
          log.warn(
            { streams, cap: caps.perInstance },
            'Live notification streams: this instance is at its cap; new streams are refused with 503 until some end (NOTIFICATION_STREAMS_MAX, or a higher open-file limit)',
          );
        }
        return refusal(true);
      }
      byClient.set(key, held + 1);
      streams += 1;
      if (streams >= nearCap && !hasWarnedNear) {
        hasWarnedNear = true;
        log.warn(
          { streams, cap: caps.perInstance },
          `Live notification streams: ${streams} open, near this instance's cap of ${caps.perInstance}`,
        );
      }
      let isReleased = false;
      return {
        isAdmitted: true,
        release() {
          if (isReleased) return;
          isReleased = true;
          streams -= 1;
          const left = (byClient.get(key) ?? 1) - 1;
          if (left > 0) byClient.set(key, left);
          else byClient.delete(key);
          if (streams < rearmBelow) {
            hasWarnedNear = false;
            hasWarnedFull = false;
          }
        },
      };
    },
    counts: () => ({ streams, clients: byClient.size }),
  };
}
