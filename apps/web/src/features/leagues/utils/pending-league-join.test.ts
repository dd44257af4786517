import { PENDING_INVITE_MAX_AGE_MS } from '@hit21/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearPendingLeagueJoin,
  isPendingLeagueJoinFresh,
  PENDING_LEAGUE_JOIN_KEY,
  parsePendingLeagueJoin,
  readPendingLeagueJoin,
  savePendingLeagueJoin,
} from './pending-league-join.ts';

const NOW = Date.parse('2026-01-10T12:00:00Z');

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

let storage: Storage;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('saving and reading the pending league join', () => {
  it('saves code, league name and timestamp under pendingLeagueJoin, and reads them back', () => {
    savePendingLeagueJoin('ABCD1234', 'Friday Five-a-side', NOW);
    expect(JSON.parse(storage.getItem(PENDING_LEAGUE_JOIN_KEY) ?? 'null')).toEqual({
      code: 'ABCD1234',
      leagueName: 'Friday Five-a-side',
      timestamp: NOW,
    });
    expect(readPendingLeagueJoin(NOW + 1000)).toEqual({
      code: 'ABCD1234',
      leagueName: 'Friday Five-a-side',
      timestamp: NOW,
    });
  });

  it('offers an invite until it is 24 hours old, then discards it', () => {
    savePendingLeagueJoin('ABCD1234', 'League', NOW);
    expect(readPendingLeagueJoin(NOW + PENDING_INVITE_MAX_AGE_MS - 1)).not.toBeNull();
    expect(readPendingLeagueJoin(NOW + PENDING_INVITE_MAX_AGE_MS)).toBeNull();
    expect(storage.getItem(PENDING_LEAGUE_JOIN_KEY)).toBeNull();
  });

  it('discards what is not JSON', () => {
    storage.setItem(PENDING_LEAGUE_JOIN_KEY, '{not json');
    expect(readPendingLeagueJoin(NOW)).toBeNull();
    expect(storage.getItem(PENDING_LEAGUE_JOIN_KEY)).toBeNull();
  });

  it('discards JSON of the wrong shape', () => {
    for (const value of [
      'null',
      '"ABCD1234"',
      JSON.stringify({ code: 'ABCD1234', leagueName: 'League' }),
      JSON.stringify({ code: 'abc', leagueName: 'League', timestamp: NOW }),
      JSON.stringify({ code: 'ABCD1234', leagueName: 7, timestamp: NOW }),
      JSON.stringify({ code: 'ABCD1234', leagueName: 'League', timestamp: '2026-01-10' }),
    ]) {
      storage.setItem(PENDING_LEAGUE_JOIN_KEY, value);
      expect(readPendingLeagueJoin(NOW), value).toBeNull();
      expect(storage.getItem(PENDING_LEAGUE_JOIN_KEY), value).toBeNull();
    }
  });

  it('answers null when nothing is saved', () => {
    expect(readPendingLeagueJoin(NOW)).toBeNull();
  });

  it('clears the saved invite', () => {
    savePendingLeagueJoin('ABCD1234', 'League', NOW);
    clearPendingLeagueJoin();
    expect(storage.getItem(PENDING_LEAGUE_JOIN_KEY)).toBeNull();
  });

  it('carries on without storage when the browser blocks it', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('SecurityError');
      },
    });
    expect(() => savePendingLeagueJoin('ABCD1234', 'League', NOW)).not.toThrow();
    expect(readPendingLeagueJoin(NOW)).toBeNull();
    expect(() => clearPendingLeagueJoin()).not.toThrow();
  });
});

describe('parsePendingLeagueJoin and isPendingLeagueJoinFresh', () => {
  it('parses a saved invite and judges its age', () => {
    const pending = parsePendingLeagueJoin(
      JSON.stringify({ code: 'ZZZZ9999', leagueName: 'L', timestamp: NOW }),
    );
    expect(pending).toEqual({ code: 'ZZZZ9999', leagueName: 'L', timestamp: NOW });
    if (!pending) return;
    expect(isPendingLeagueJoinFresh(pending, NOW)).toBe(true);
    expect(isPendingLeagueJoinFresh(pending, NOW + PENDING_INVITE_MAX_AGE_MS)).toBe(false);
    expect(parsePendingLeagueJoin(null)).toBeNull();
  });
});
