import {
  type CatalogPlayer,
  clampPage,
  FULL_SQUAD_MESSAGE_MS,
  PLAYER_PAGE_SIZES,
  pageCountOf,
} from '@hit21/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { sendAnalyticsEvent } from '../../../lib/analytics.ts';
import { getUserMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { listAutoPickCandidates } from '../api/list-auto-pick-candidates.ts';
import { usePlayers } from '../api/list-players.ts';
import { useSaveSquad } from '../api/save-squad.ts';
import { initialPickState, pickReducer } from '../pick-state.ts';
import {
  initialPlayerQuery,
  playerFilterParams,
  playerListParams,
  playerQueryReducer,
  SEARCH_DEBOUNCE_MS,
} from '../player-query.ts';
import { type PickerMode, saveFailureFeedback, saveSuccessFeedback } from '../save-feedback.ts';

/** The empty-slot hint: it appears 0.5 s after the scroll and stays for 2 s. */
const HINT_DELAY_MS = 500;
const HINT_DURATION_MS = 2000;

export const LOAD_PLAYERS_FAILED = 'Failed to load players. Please refresh the page.';

export interface UseSquadPickerOptions {
  mode: PickerMode;
  initialPicks: readonly CatalogPlayer[];
  /** Whether a squad was already saved: a failed save then leaves it in place. */
  hadSquad: boolean;
}

/** Everything the picking screens hold: the pick list, the player query, auto pick, hint and save. */
export function useSquadPicker({ mode, initialPicks, hadSquad }: UseSquadPickerOptions) {
  const [picks, dispatchPick] = useReducer(pickReducer, initialPicks, initialPickState);
  const [query, dispatchQuery] = useReducer(playerQueryReducer, PLAYER_PAGE_SIZES[0], initialPlayerQuery);
  const [isHintVisible, setIsHintVisible] = useState(false);
  const hintTimers = useRef<number[]>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  const players = usePlayers(playerListParams(query));
  const pageCount = players.data ? pageCountOf(players.data.total, query.pageSize) : 0;

  // The search runs 500 ms after the last keystroke.
  const { searchInput } = query;
  useEffect(() => {
    const timer = window.setTimeout(
      () => dispatchQuery({ type: 'applySearch', text: searchInput }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [searchInput]);

  // "You can only select 4 players" clears after 2 s; other messages stay until the next action.
  useEffect(() => {
    if (!picks.error?.isTransient) return;
    const timer = window.setTimeout(() => dispatchPick({ type: 'clearError' }), FULL_SQUAD_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [picks.error]);

  // A page jump shows the new page from its top.
  const shownPage = useRef(query.page);
  useEffect(() => {
    if (shownPage.current === query.page) return;
    shownPage.current = query.page;
    listRef.current?.scrollTo({ top: 0 });
  }, [query.page]);

  // The list shrank under the current page (players changed on the server): go to its last page.
  useEffect(() => {
    if (pageCount > 0 && query.page > pageCount) {
      dispatchQuery({ type: 'goToPage', page: clampPage(query.page, pageCount) });
    }
  }, [pageCount, query.page]);

  const clearHint = () => {
    for (const timer of hintTimers.current) window.clearTimeout(timer);
    hintTimers.current = [];
    setIsHintVisible(false);
  };
  useEffect(
    () => () => {
      for (const timer of hintTimers.current) window.clearTimeout(timer);
    },
    [],
  );

  /** An empty pitch slot takes the user to the player list, then says what to do there. */
  const showPlayerList = () => {
    clearHint();
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    panelRef.current?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    searchRef.current?.focus({ preventScroll: true });
    hintTimers.current = [
      window.setTimeout(() => setIsHintVisible(true), HINT_DELAY_MS),
      window.setTimeout(() => setIsHintVisible(false), HINT_DELAY_MS + HINT_DURATION_MS),
    ];
  };

  const autoPick = useMutation({
    mutationFn: () => listAutoPickCandidates(playerFilterParams(query)),
    onSuccess: (candidates) => dispatchPick({ type: 'autoPicked', candidates, random: Math.random }),
    onError: () => dispatchPick({ type: 'showError', message: LOAD_PLAYERS_FAILED }),
  });

  const saveSquad = useSaveSquad();
  const save = () => {
    saveSquad.mutate(
      { playerIds: picks.picks.map((player) => player.id) },
      {
        onSuccess: async () => {
          const success = saveSuccessFeedback(mode);
          toast.show(success.type, success);
          if (mode === 'select') {
            sendAnalyticsEvent({
              name: 'team_created',
              path: paths.playerSelection.getHref(),
              properties: { playerCount: picks.picks.length },
            });
          }
          await navigate(paths.dashboard.getHref());
        },
        onError: (error) => {
          const feedback = saveFailureFeedback(mode, { hadSquad, reason: getUserMessage(error) });
          dispatchPick({ type: 'closeConfirm' });
          if (feedback.inlineMessage) dispatchPick({ type: 'showError', message: feedback.inlineMessage });
          for (const item of feedback.toasts) toast.show(item.type, item);
        },
      },
    );
  };

  return {
    picks,
    dispatchPick,
    reset: () => {
      clearHint();
      dispatchPick({ type: 'reset' });
    },
    query,
    dispatchQuery,
    players,
    pageCount,
    isHintVisible,
    showPlayerList,
    autoPick,
    save,
    isSaving: saveSquad.isPending,
    listRef,
    panelRef,
    searchRef,
  };
}
