import { Info, RefreshCw, Search } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { TVisaWaitTime } from '../../../../shared/visa-wait-times.js';
import { Alert, AlertDescription } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Select } from '../../../components/ui/select.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { cn } from '../../../lib/cn.js';
import { useRefreshVisaWaitTimes, useVisaWaitTimes } from '../api/get-visa-wait-times.js';
import {
  filterWaitTimes,
  listCountries,
  prepareWaitTimes,
  WAIT_TIMES_SHOWN_AT_FIRST,
} from '../utils/filter-wait-times.js';
import { WaitTimeCard } from './wait-time-card.js';

/** Spec section 8's texts, word for word. */
export const WAIT_TIMES_FAILED =
  'Unable to fetch current wait times. Showing cached data. Please try refreshing.';
export const NO_CONSULATES_FOUND = 'No consulates found matching your criteria.';

const NO_RECORDS: readonly TVisaWaitTime[] = [];

/**
 * 'Show All' draws the revealed cards this many at a time, one batch a frame: the first batch
 * paints at once and the rest follow, where the whole list in one go held the page still for over
 * half a second on a slow phone (docs/performance.md, Interaction to Next Paint).
 */
const CARDS_REVEALED_AT_ONCE = 6;

/** Calls `then` in a task after the next paint: a frame's callback runs just before it. */
function afterNextPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * The consulate wait times of spec section 2: search by city or country, a country filter,
 * Refresh, and the cards, best waits first. Filtering runs on deferred copies of the inputs, so
 * typing stays responsive on a slow phone while the list catches up.
 */
export function WaitTimesSection({ id }: { id: string }) {
  const waitTimes = useVisaWaitTimes();
  const refresh = useRefreshVisaWaitTimes();
  const [search, setSearch] = useState('');
  const [country, setCountry] = useState('');
  // How many cards are drawn: the first 24 until 'Show All', then growing to every one.
  const [limit, setLimit] = useState(WAIT_TIMES_SHOWN_AT_FIRST);
  const [refreshing, setRefreshing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const focusFirstRevealed = useRef(false);

  const records = waitTimes.data ?? NO_RECORDS;
  const rows = useMemo(() => prepareWaitTimes(records), [records]);
  const countries = useMemo(() => listCountries(records), [records]);
  const deferredSearch = useDeferredValue(search);
  const deferredCountry = useDeferredValue(country);
  const filtered = useMemo(
    () => filterWaitTimes(rows, deferredSearch, deferredCountry),
    [rows, deferredSearch, deferredCountry],
  );
  const showAll = limit > WAIT_TIMES_SHOWN_AT_FIRST;
  const visible = filtered.slice(0, limit);
  // What the list is becoming: the count the student asked for, while the last cards are drawn.
  const shownCount = showAll ? filtered.length : visible.length;
  const catchingUp = search !== deferredSearch || country !== deferredCountry;
  const hasData = waitTimes.data !== undefined;

  // After 'Show All' the button is gone: move focus to the first card it revealed, so a keyboard
  // or screen-reader user carries on reading where the short list ended.
  useEffect(() => {
    if (!showAll || limit >= filtered.length) return;
    return afterNextPaint(() => {
      setLimit((drawn) => drawn + CARDS_REVEALED_AT_ONCE);
    });
  }, [showAll, limit, filtered.length]);

  useEffect(() => {
    if (!showAll || !focusFirstRevealed.current) return;
    focusFirstRevealed.current = false;
    const revealed = listRef.current?.children.item(WAIT_TIMES_SHOWN_AT_FIRST);
    revealed?.querySelector('article')?.focus();
  }, [showAll]);

  async function onRefresh() {
    if (refreshing) return;
    setRefreshing(true);
    setAnnouncement('Refreshing wait times…');
    const ok = await refresh();
    setRefreshing(false);
    setAnnouncement(ok ? 'Wait times updated.' : 'Wait times could not be refreshed.');
  }

  return (
    <section id={id} aria-labelledby={`${id}-title`} className="flex scroll-mt-4 flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight">
            Consulate Wait Times
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            How soon each US embassy and consulate can interview a student visa applicant.
          </p>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-busy={refreshing}
          onClick={() => void onRefresh()}
        >
          {refreshing ? <Spinner size="sm" /> : <RefreshCw aria-hidden="true" />}
          Refresh
        </Button>
      </div>

      <ul className="flex flex-col gap-1.5 rounded-xl border border-border bg-muted px-4 py-3 text-sm text-muted-foreground">
        <li className="flex items-start gap-2">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Wait times are for student and exchange visitor visas: the F, M and J categories.
        </li>
        <li className="flex items-start gap-2">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          They show how soon the next interview appointment is available (scheduling), not how long
          the visa takes to process after your interview.
        </li>
      </ul>

      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,16rem)]">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-search`}>Search consulates</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={`${id}-search`}
              type="search"
              autoComplete="off"
              enterKeyHint="search"
              placeholder="Search by city or country..."
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
              }}
              className="pl-9"
            />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-country`}>Country</Label>
          <Select
            id={`${id}-country`}
            value={country}
            onChange={(event) => {
              setCountry(event.target.value);
            }}
          >
            <option value="">All Countries</option>
            {countries.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {waitTimes.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{WAIT_TIMES_FAILED}</AlertDescription>
        </Alert>
      ) : null}

      <p className="sr-only" role="status">
        {announcement}
      </p>

      <p
        role="status"
        className={
          hasData && filtered.length === 0
            ? 'rounded-xl border border-dashed border-border-strong px-4 py-6 text-center text-base text-foreground'
            : 'text-sm text-muted-foreground'
        }
      >
        {waitTimes.isPending ? (
          <span className="inline-flex items-center gap-2">
            <Spinner size="sm" />
            Loading wait times…
          </span>
        ) : !hasData ? null : filtered.length === 0 ? (
          NO_CONSULATES_FOUND
        ) : (
          `Showing ${shownCount} of ${filtered.length} consulates`
        )}
      </p>

      {visible.length > 0 ? (
        <ul
          ref={listRef}
          aria-label="Consulates"
          aria-busy={catchingUp}
          className={cn(
            'grid gap-3 transition-opacity sm:grid-cols-2 lg:grid-cols-3',
            catchingUp && 'opacity-60',
          )}
        >
          {visible.map((row) => (
            <WaitTimeCard key={row.key} row={row} />
          ))}
        </ul>
      ) : null}

      {filtered.length > shownCount ? (
        <Button
          type="button"
          variant="secondary"
          className="w-full sm:w-fit sm:self-center"
          onClick={() => {
            focusFirstRevealed.current = true;
            setLimit(WAIT_TIMES_SHOWN_AT_FIRST + CARDS_REVEALED_AT_ONCE);
          }}
        >
          Show All {filtered.length} Consulates
        </Button>
      ) : null}
    </section>
  );
}
