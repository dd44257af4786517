import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  type LeagueStandingRow,
  type LeagueStandingsPage,
  leagueStandingRowSchema,
  leagueStandingsPageSchema,
} from '@hit21/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  replyWithBoardPage,
  serializeBoardPage,
  withOwnRow,
} from '../../../../src/plugins/app/standings/reading/board-etag.ts';

/** A league page of `size` rows nobody on it is marked on, as every other viewer gets it. */
function sharedPage(size: number): LeagueStandingsPage {
  return {
    rows: Array.from({ length: size }, (_, index) => ({
      rank: index + 1,
      userId: `member-${index + 1}`,
      fullName: `Member ${index + 1}`,
      totalGoals: 21 - (index % 5),
      status: index % 3 === 0 ? 'safe' : 'going_bust',
      joinedAt: '2025-08-02T12:00:00.000Z',
      isYou: false,
    })),
    total: size,
    isTotalCapped: false,
    page: 1,
    pageSize: size,
    computedAt: '2026-01-05T12:00:00.000Z',
    pendingWithinSeconds: null,
  };
}

describe("a board page with the viewer's own row", () => {
  const shared = sharedPage(50);
  const ownRowOf = (index: number): LeagueStandingRow => ({
    ...(shared.rows[index] as LeagueStandingRow),
    isYou: true,
    picks: [],
  });

  it("writes the same bytes as encoding the whole answer, with the viewer's row alone changed", () => {
    const sharedJson = serializeBoardPage(shared, leagueStandingsPageSchema).json;
    for (const index of [0, 17, 49]) {
      const answer = withOwnRow(
        shared,
        index,
        ownRowOf(index),
        leagueStandingsPageSchema,
        leagueStandingRowSchema,
      );
      const expected = {
        ...shared,
        rows: shared.rows.map((row, at) => (at === index ? ownRowOf(index) : row)),
      };
      expect(answer).toEqual(expected);
      const { json, etag } = serializeBoardPage(answer, leagueStandingsPageSchema);
      expect(json).toBe(JSON.stringify(z.encode(leagueStandingsPageSchema, expected)));
      expect(etag).toBe(serializeBoardPage(structuredClone(expected), leagueStandingsPageSchema).etag);
      expect(JSON.parse(json).rows.filter((row: LeagueStandingRow) => row.isYou)).toHaveLength(1);
    }
    // The shared answer is left as every other viewer gets it.
    expect(shared.rows.every((row) => !row.isYou)).toBe(true);
    expect(serializeBoardPage(shared, leagueStandingsPageSchema).json).toBe(sharedJson);
  });

  it('checks the own row by its schema', () => {
    const broken = { ...ownRowOf(3), rank: 0 };
    expect(() => withOwnRow(shared, 3, broken, leagueStandingsPageSchema, leagueStandingRowSchema)).toThrow();
  });
});

describe("the last answer with a viewer's own row, kept with the shared answer", () => {
  const shared = sharedPage(50);
  /** The viewer's picks as the board cache keeps them beside their place: one object per board. */
  const keptPicks: LeagueStandingRow['picks'] = [];
  const ownRowOf = (index: number, picks = keptPicks): LeagueStandingRow => ({
    ...(shared.rows[index] as LeagueStandingRow),
    isYou: true,
    picks,
  });
  const answerFor = (index: number, picks = keptPicks) =>
    withOwnRow(shared, index, ownRowOf(index, picks), leagueStandingsPageSchema, leagueStandingRowSchema);

  it('is the same object when the same viewer asks again with the same kept picks', () => {
    const first = answerFor(5);
    expect(answerFor(5)).toBe(first);
    expect(serializeBoardPage(answerFor(5), leagueStandingsPageSchema)).toBe(
      serializeBoardPage(first, leagueStandingsPageSchema),
    );
  });

  it('is made again for other picks (a team saved, a new board) or another row (another viewer)', () => {
    const first = answerFor(8);
    const otherPicks = answerFor(8, []);
    expect(otherPicks).not.toBe(first);
    expect(otherPicks.rows[8]?.picks).not.toBe(keptPicks);
    const otherViewer = answerFor(9);
    expect(otherViewer.rows[9]?.isYou).toBe(true);
    expect(otherViewer.rows[8]?.isYou).toBe(false);
    // One answer is kept per shared answer: the first viewer's is made again after another's.
    const again = answerFor(8);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('is kept for each shared answer apart', () => {
    const otherShared = sharedPage(50);
    const onShared = answerFor(2);
    const onOther = withOwnRow(
      otherShared,
      2,
      { ...(otherShared.rows[2] as LeagueStandingRow), isYou: true, picks: keptPicks },
      leagueStandingsPageSchema,
      leagueStandingRowSchema,
    );
    expect(onOther).not.toBe(onShared);
    expect(answerFor(2)).toBe(onShared);
  });
});

describe('a board page compressed', () => {
  /** What `replyWithBoardPage` sent for a request with these headers. */
  function sent(body: object, headers: Record<string, string>) {
    const reply = {
      headers: {} as Record<string, string>,
      payload: undefined as unknown,
      header(name: string, value: string) {
        reply.headers[name] = value;
        return reply;
      },
      type(value: string) {
        return reply.header('content-type', value);
      },
      code: () => reply,
      send(payload?: unknown) {
        reply.payload = payload;
        return reply;
      },
    };
    replyWithBoardPage(
      { headers } as unknown as FastifyRequest,
      reply as unknown as FastifyReply,
      body,
      leagueStandingsPageSchema,
    );
    return reply;
  }

  it('once per answer, in the encoding the browser prefers', () => {
    const page = sharedPage(50);
    const first = sent(page, { 'accept-encoding': 'gzip, br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(sent(page, { 'accept-encoding': 'gzip, br' }).payload).toBe(first.payload);
    expect(sent(page, { 'accept-encoding': 'gzip' }).headers['content-encoding']).toBe('gzip');
    expect(sent(page, {}).payload).toBe(serializeBoardPage(page, leagueStandingsPageSchema).json);
    // Another answer object (another page or viewer) is compressed for itself.
    expect(sent(sharedPage(50), { 'accept-encoding': 'br' }).payload).not.toBe(first.payload);
  });

  it('in a buffer of its own size, not a view of a larger one (kept with the page)', () => {
    for (const encoding of ['br', 'gzip']) {
      const payload = sent(sharedPage(25), { 'accept-encoding': encoding }).payload as Buffer;
      expect(payload.length).toBeGreaterThan(0);
      expect(payload.buffer.byteLength).toBe(payload.length);
    }
  });

  it("with the viewer's own row, built for one viewer, the same bytes once decompressed", () => {
    const shared = sharedPage(50);
    const own = withOwnRow(
      shared,
      7,
      { ...(shared.rows[7] as LeagueStandingRow), isYou: true, picks: [] },
      leagueStandingsPageSchema,
      leagueStandingRowSchema,
    );
    const { json } = serializeBoardPage(own, leagueStandingsPageSchema);
    const brotli = sent(own, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.payload as Buffer).toString()).toBe(json);
    expect(gunzipSync(sent(own, { 'accept-encoding': 'gzip' }).payload as Buffer).toString()).toBe(json);
  });
});
