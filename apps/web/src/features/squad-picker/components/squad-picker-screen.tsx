import { type CatalogPlayer, type Club, SQUAD_MESSAGES, SQUAD_SIZE } from '@hit21/core';
import { CircleAlert, Info, RotateCcw, Shuffle, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Container } from '../../../components/layouts/container.tsx';
import { Pitch } from '../../../components/pitch/pitch.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { plural } from '../../../lib/plural.ts';
import { LOAD_PLAYERS_FAILED, useSquadPicker } from '../hooks/use-squad-picker.ts';
import { pickFromPlayer } from '../pick-state.ts';
import { hasActiveFilters } from '../player-query.ts';
import type { PickerMode } from '../save-feedback.ts';
import { ConfirmSquadDialog } from './confirm-squad-dialog.tsx';
import { PlayerFilterBar } from './player-filter-bar.tsx';
import { PlayerPagination } from './player-pagination.tsx';
import { PlayerResults } from './player-results.tsx';
import { SortBar } from './sort-bar.tsx';

export interface SquadPickerScreenProps {
  mode: PickerMode;
  /** The saved squad (edit screen) or none; the screen owns the picks from then on. */
  initialPicks: readonly CatalogPlayer[];
  hadSquad: boolean;
  clubs: readonly Club[];
  /** The server will refuse a save now (the season is over): say so and offer no CONFIRM. */
  isLocked?: boolean;
}

/** "Make Your Picks" and "Edit Your Team": the pitch with its 4 slots above the Available Players panel. */
export function SquadPickerScreen({
  mode,
  initialPicks,
  hadSquad,
  clubs,
  isLocked = false,
}: SquadPickerScreenProps) {
  const picker = useSquadPicker({ mode, initialPicks, hadSquad });
  const { picks, query, players } = picker;
  const ids = useId();
  const pickedIds = new Set(picks.picks.map((player) => player.id));
  const page = players.data;
  const isFull = picks.picks.length === SQUAD_SIZE;

  return (
    <Container className="flex flex-col gap-6 py-6 sm:gap-8 sm:py-10">
      {isLocked ? (
        <Notice tone="warning">{`${SQUAD_MESSAGES.seasonOver}.`}</Notice>
      ) : page?.isUnscoredOnly ? (
        <Notice tone="info">{`${SQUAD_MESSAGES.onlyUnscored}.`}</Notice>
      ) : null}

      <section aria-labelledby={`${ids}-squad`} className="flex flex-col gap-4">
        <Pitch
          picks={picks.picks.map(pickFromPlayer)}
          label="Your team"
          clubs={clubs}
          goalsShown="last-season"
          slotAction={{
            label: 'REMOVE',
            onAction: (pick) => picker.dispatchPick({ type: 'remove', playerId: pick.playerId }),
          }}
          onEmptySlotClick={picker.showPlayerList}
        >
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h2
              id={`${ids}-squad`}
              className="font-bold font-display text-2xl uppercase tracking-wide sm:text-3xl"
            >
              Your Team
            </h2>
            <p
              aria-live="polite"
              className="flex items-baseline gap-2 rounded-full bg-felt-950/60 px-3 py-1 font-display text-sm tracking-wider"
            >
              PLAYERS SELECTED{' '}
              <span className="numeric font-bold text-gold-300 text-lg">
                {picks.picks.length}/{SQUAD_SIZE}
              </span>
            </p>
          </div>
        </Pitch>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => picker.autoPick.mutate()}
            isLoading={picker.autoPick.isPending}
            disabled={isFull || isLocked}
          >
            {picker.autoPick.isPending ? null : <Shuffle aria-hidden="true" />}
            AUTO PICK
          </Button>
          <Button variant="secondary" onClick={picker.reset} disabled={picks.picks.length === 0}>
            <RotateCcw aria-hidden="true" />
            RESET
          </Button>
          <Button
            className="col-span-2"
            disabled={!isFull || isLocked}
            onClick={() => picker.dispatchPick({ type: 'openConfirm' })}
          >
            CONFIRM TEAM
          </Button>
        </div>
      </section>

      <section
        ref={picker.panelRef}
        aria-labelledby={`${ids}-players`}
        className="flex scroll-mt-20 flex-col gap-4 rounded-2xl border border-line bg-white p-3 shadow-sm sm:p-5"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={`${ids}-players`} className="font-bold font-display text-2xl uppercase tracking-wide">
            Available Players
          </h2>
          {page ? (
            <p className="text-muted text-sm">
              <span className="numeric text-base text-ink">{page.total}</span> {plural(page.total, 'player')}
              {picker.pageCount > 0 ? (
                <>
                  {' · '}Page <span className="numeric text-base text-ink">{query.page}</span> of{' '}
                  <span className="numeric text-base text-ink">{picker.pageCount}</span>
                </>
              ) : null}
            </p>
          ) : null}
        </div>

        {/* Live regions stay mounted so changes are announced; empty, they cancel the panel's gap.
            The alert sticks under the header while the player list scrolls. */}
        <div role="alert" className="sticky top-18 z-20 empty:-mb-4">
          {picks.error ? (
            <p className="flex items-start gap-2 rounded-xl bg-bust-100 px-4 py-3 font-medium text-bust-700 shadow-md ring-1 ring-bust-500/40 ring-inset">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              {picks.error.message}
            </p>
          ) : null}
        </div>
        <div role="status" className="empty:-mb-4">
          {picker.isHintVisible ? (
            <p className="flex animate-pop-in items-center gap-2 self-start rounded-full bg-gold-400 px-4 py-2 font-display font-semibold text-felt-950 uppercase tracking-wide shadow-md">
              <Sparkles aria-hidden="true" className="size-5" />
              Select your player!
            </p>
          ) : null}
        </div>

        <PlayerFilterBar
          query={query}
          dispatch={picker.dispatchQuery}
          clubs={clubs}
          searchRef={picker.searchRef}
          searchId={`${ids}-search`}
        />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <SortBar sort={query.sort} order={query.order} dispatch={picker.dispatchQuery} />
          <p className="text-muted text-xs">Goals: Premier League goals last season</p>
        </div>

        <PlayerResults
          players={page?.players}
          viewMode={query.viewMode}
          pickedIds={pickedIds}
          clubs={clubs}
          isFetching={players.isFetching}
          loadError={players.isError ? LOAD_PLAYERS_FAILED : null}
          hasFilters={hasActiveFilters(query)}
          listRef={picker.listRef}
          onAdd={(player) => picker.dispatchPick({ type: 'add', player })}
          onRemove={(player) => picker.dispatchPick({ type: 'remove', playerId: player.id })}
          onClearFilters={() => picker.dispatchQuery({ type: 'clearFilters' })}
          onRetry={() => players.refetch()}
        />
        {page ? (
          <PlayerPagination
            page={query.page}
            pageCount={picker.pageCount}
            total={page.total}
            pageSize={query.pageSize}
            onPageChange={(target) => picker.dispatchQuery({ type: 'goToPage', page: target })}
            onPageSizeChange={(pageSize) => picker.dispatchQuery({ type: 'setPageSize', pageSize })}
          />
        ) : null}
      </section>

      <ConfirmSquadDialog
        mode={mode}
        isOpen={picks.isConfirmOpen}
        picks={picks.picks}
        clubs={clubs}
        isFinal={page?.isUnscoredOnly ?? false}
        isSaving={picker.isSaving}
        onConfirm={picker.save}
        onCancel={() => picker.dispatchPick({ type: 'closeConfirm' })}
      />
    </Container>
  );
}

function Notice({ tone, children }: { tone: 'info' | 'warning'; children: string }) {
  const Icon = tone === 'info' ? Info : CircleAlert;
  return (
    <p
      className={cn(
        'flex items-start gap-3 rounded-xl px-4 py-3 font-medium ring-1 ring-inset',
        tone === 'info'
          ? 'bg-gold-100 text-felt-950 ring-gold-400/60'
          : 'bg-warning-100 text-warning-700 ring-warning-500/50',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      {children}
    </p>
  );
}
