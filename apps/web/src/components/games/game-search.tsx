'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { useLoggedIn } from '@/components/layout/use-logged-in';
import { artHref, gameHref, type TileGame } from '@/lib/game-types';
import { SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, SEARCH_PATH, searchHref, searchTerm } from '@/lib/games-query';
import { useGameTexts } from './game-texts';
import styles from './games.module.css';

const DEBOUNCE_MS = 200;
const SUGGESTIONS = 6;

/**
 * The games search box. Without script it is a GET form to the results screen. With script it
 * answers as the player types (after a short pause): on the lobby pages a list of the first titles
 * under the box (from /api/games/search); on the results screen (`mode="navigate"`) the screen's
 * own address follows the typing, so the server renders the results and the address can be shared.
 */
export function GameSearch({ initial = '', mode = 'suggest' }: { initial?: string; mode?: 'suggest' | 'navigate' }) {
  const t = useGameTexts();
  const loggedIn = useLoggedIn();
  const router = useRouter();
  const [value, setValue] = useState(initial);
  const [results, setResults] = useState<{ term: string; items: TileGame[] } | null>(null);
  const [open, setOpen] = useState(false);
  const [, startTransition] = useTransition();
  const id = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const term = searchTerm(value);

  useEffect(() => {
    if (mode === 'navigate') {
      if (term === searchTerm(initial)) return;
      const timer = setTimeout(() => startTransition(() => router.replace(searchHref(term), { scroll: false })), DEBOUNCE_MS);
      return () => clearTimeout(timer);
    }
    if (!term) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/games/search?q=${encodeURIComponent(term)}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
        .then((body: { data?: { items?: TileGame[] } }) => setResults({ term, items: body.data?.items ?? [] }))
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, mode, initial, router]);

  const shown = mode === 'suggest' && open && term && results?.term === term ? results.items.slice(0, SUGGESTIONS) : null;
  let status = '';
  if (mode === 'suggest' && open && value.trim() && !term) status = t('slot_machines.search_min_chars', { min: SEARCH_MIN_CHARS });
  else if (shown)
    status = shown.length
      ? t('slot_machines.search_results_count', { count: results!.items.length })
      : t('slot_machines.search_no_results', { query: term });

  return (
    <div
      className={styles.search}
      ref={boxRef}
      onBlur={(event) => {
        if (!boxRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <form className={styles.searchForm} method="get" action={SEARCH_PATH} role="search" data-testid="game-search">
        <label htmlFor={`${id}-q`} className="visually-hidden">
          {t('slot_machines.search_label')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          value={value}
          maxLength={SEARCH_MAX_CHARS}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('slot_machines.search_placeholder')}
          aria-describedby={`${id}-status`}
          aria-controls={shown ? `${id}-list` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
        />
        <button type="submit" className="btn btn-primary">
          {t('slot_machines.search_button')}
        </button>
      </form>
      <p id={`${id}-status`} className={status && shown ? styles.searchStatus : 'visually-hidden'} role="status">
        {status}
      </p>
      {shown && shown.length > 0 ? (
        <ul id={`${id}-list`} className={styles.suggestions} data-testid="game-search-suggestions">
          {shown.map((game) => (
            <li key={game.id}>
              <Link href={gameHref(game, loggedIn ? 'real' : 'fun')} prefetch={false}>
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img src={artHref(game.id)} alt="" width={56} height={42} />
                <span>
                  {game.name}
                  <small>{game.studio}</small>
                </span>
              </Link>
            </li>
          ))}
          <li>
            <Link href={searchHref(term)} prefetch={false}>
              {t('slot_machines.search_see_all', { query: term })}
            </Link>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
