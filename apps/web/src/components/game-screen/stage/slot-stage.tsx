'use client';

import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { Translate } from '@/lib/i18n';
import type { GameRules } from '@/lib/studio-schemas';
import type { SlotGame, StagePhase } from './pixi/slot-game';
import type { StageJackpot, StageRound } from './stage-model';
import { stageRatio } from './pixi/layout';
import styles from './slot-stage.module.css';

/** What the game screen asks of its stage; each call is safe before the renderer is ready (it then does nothing). */
export interface SlotStageHandle {
  /** Whether the canvas draws the game (else the page's grid does). */
  readonly ready: boolean;
  startSpin(): void;
  land(window: number[][]): Promise<void>;
  present(round: StageRound): Promise<void>;
  /** A jackpot hit over the window at rest (a round answered late, shown at once). */
  presentJackpot(jackpot: StageJackpot): Promise<void>;
  skip(): void;
  rest(window: number[][]): void;
}

export type StageStatus = 'loading' | 'ready' | 'failed';

/**
 * The game's canvas (PixiJS, loaded only here, in its own chunk): made once the screen runs in the
 * browser, sized to its box, fed the studio's outcome by the screen. Hidden from assistive
 * technology: the page's grid and the round's words say the same in text. When the renderer
 * cannot start (no WebGL nor canvas, the chunk failed), `onStatus('failed')` lets the screen keep
 * its grid in view.
 */
export function SlotStage({
  ref,
  rules,
  colours,
  window: startWindow,
  motion,
  t,
  onStatus,
  onPhase,
  failed = false,
  begin = true,
}: {
  ref: Ref<SlotStageHandle>;
  rules: GameRules;
  colours: { background: string; primary: string; accent: string } | null;
  window: number[][];
  motion: boolean;
  t: Translate;
  onStatus: (status: StageStatus) => void;
  onPhase: (phase: StagePhase) => void;
  /** The renderer could not start: the box gives its room back to the page's grid. */
  failed?: boolean;
  /**
   * Whether to load the renderer now: the screen says so once its session is open, so that on a
   * slow phone the renderer's half a megabyte of script does not compete with the first round.
   */
  begin?: boolean;
}) {
  const host = useRef<HTMLDivElement>(null);
  const game = useRef<SlotGame | null>(null);
  const [shown, setShown] = useState<number[][] | null>(null);
  const [message, setMessage] = useState('');
  const motionNow = useRef(motion);
  // The window the page shows now (a round may have been played on the grid while the renderer loaded).
  const windowNow = useRef(startWindow);
  useEffect(() => {
    windowNow.current = startWindow;
  });
  const [phase, setPhase] = useState<StagePhase>('rest');
  const [renderer, setRenderer] = useState('');
  const first = useRef({ window: startWindow, motion, t, colours });
  const report = useRef({ onStatus, onPhase });
  useEffect(() => {
    report.current = { onStatus, onPhase };
  });

  const enter = useCallback((next: StagePhase) => {
    setPhase(next);
    report.current.onPhase(next);
  }, []);

  useEffect(() => {
    const element = host.current;
    if (!element || !begin) return;
    let gone = false;
    let made: SlotGame | null = null;
    const start = first.current;
    import('./pixi/slot-game')
      .then(({ createSlotGame }) =>
        createSlotGame(element, {
          gameId: rules.gameId,
          reels: rules.reels,
          rows: rules.rows,
          symbols: rules.symbols,
          colours: start.colours ?? { background: '#12382a', primary: '#e8b931', accent: '#8c1c13' },
          window: start.window,
          motion: start.motion,
          t: start.t,
          onShown: (drawn) => setShown(drawn),
          onMessage: setMessage,
        }),
      )
      .then((created) => {
        made = created;
        if (gone) return created.destroy();
        created.canvas.setAttribute('aria-hidden', 'true');
        element.appendChild(created.canvas);
        game.current = created;
        // The motion wish may have changed while the renderer loaded (the device's is read after the first render).
        created.setMotion(motionNow.current);
        created.rest(windowNow.current);
        setRenderer(created.rendererName);
        report.current.onStatus('ready');
      })
      .catch((error: unknown) => {
        // The grid stays in view; the reason is kept for whoever looks at the console.
        console.warn('The game canvas did not start:', error);
        if (!gone) report.current.onStatus('failed');
      });
    const observer = new ResizeObserver(() => game.current?.resize(element.clientWidth));
    observer.observe(element);
    return () => {
      gone = true;
      observer.disconnect();
      made?.destroy();
      game.current = null;
    };
  }, [rules, begin]);

  useEffect(() => {
    motionNow.current = motion;
    game.current?.setMotion(motion);
  }, [motion]);

  useImperativeHandle(
    ref,
    () => ({
      get ready() {
        return game.current !== null;
      },
      startSpin() {
        if (!game.current) return;
        game.current.startSpin();
        // With motion off nothing turns: the result is shown at once.
        if (motionNow.current) enter('spinning');
      },
      async land(drawn) {
        if (!game.current) return;
        await game.current.land(drawn);
      },
      async present(round) {
        if (!game.current) return;
        enter('presenting');
        try {
          await game.current.present(round);
        } finally {
          enter('rest');
        }
      },
      async presentJackpot(jackpot) {
        if (!game.current) return;
        enter('presenting');
        try {
          await game.current.presentJackpot(jackpot);
        } finally {
          enter('rest');
        }
      },
      skip() {
        game.current?.skip();
      },
      rest(drawn) {
        game.current?.rest(drawn);
        enter('rest');
      },
    }),
    [enter],
  );

  return (
    <div
      ref={host}
      className={`${styles.host}${failed ? ` ${styles.failed}` : ''}`}
      // The box's size is the stage's before the renderer has loaded, so nothing moves when it draws.
      style={{ '--stage-ratio': stageRatio(rules.reels, rules.rows) } as React.CSSProperties}
      data-testid="game-stage"
      data-renderer={renderer || undefined}
      data-phase={phase}
      data-motion={motion ? 'on' : 'off'}
      data-shown={shown ? JSON.stringify(shown) : undefined}
      data-message={message || undefined}
    />
  );
}
