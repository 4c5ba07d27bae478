'use client';

import { useEffect, useRef, useState } from 'react';
import type { Translate } from '../../../lib/i18n';
import { pocketName } from './roulette-bets';
import { pocketColour } from './roulette-layout';
import styles from './roulette.module.css';

/** The single-zero wheel, clockwise from zero (as @krone/games-math's EUROPEAN_WHEEL_ORDER). */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];
const SECTOR = 360 / WHEEL_ORDER.length;
/** How long the wheel turns with motion on (ms); the words and marks wait for it. */
export const WHEEL_SPIN_MS = 3_200;
const TURNS = 4;

/**
 * The wheel's rotation (degrees) that brings `pocket` under the marker at the top, from `current`,
 * always forward and at least `turns` whole turns (none: straight to it).
 */
export function rotationTo(pocket: number, current: number, turns: number): number {
  const index = WHEEL_ORDER.indexOf(pocket);
  const target = (360 - index * SECTOR) % 360;
  const base = current - (((current % 360) + 360) % 360);
  let next = base + target;
  if (next <= current) next += 360;
  return next + (turns - 1) * 360 * Math.sign(turns);
}

const FILL = { red: '#b3122a', black: '#161616', green: '#0f7a3c' } as const;

function sectorPath(index: number, outer: number, inner: number): string {
  const a0 = ((index - 0.5) * SECTOR - 90) * (Math.PI / 180);
  const a1 = ((index + 0.5) * SECTOR - 90) * (Math.PI / 180);
  const p = (r: number, a: number) => `${(100 + r * Math.cos(a)).toFixed(3)} ${(100 + r * Math.sin(a)).toFixed(3)}`;
  return `M ${p(outer, a0)} A ${outer} ${outer} 0 0 1 ${p(outer, a1)} L ${p(inner, a1)} A ${inner} ${inner} 0 0 0 ${p(inner, a0)} Z`;
}

/**
 * The wheel drawn in SVG (decorative: the pocket is said in words and shown beside it). A spin turns
 * it forward until the drawn pocket lies under the marker, then `onLanded`; with motion off it
 * stands there at once. The figure carries the pocket it shows (`data-pocket`).
 */
export function RouletteWheel({
  pocket,
  spinKey,
  motion,
  onLanded,
  t,
}: {
  /** The pocket to show (null before the first spin). */
  pocket: number | null;
  /** A new value starts a new spin (the round's id). */
  spinKey: string | null;
  motion: boolean;
  onLanded: (spinKey: string) => void;
  t: Translate;
}) {
  const [rotation, setRotation] = useState(0);
  const [turning, setTurning] = useState(false);
  const landed = useRef(onLanded);
  useEffect(() => {
    landed.current = onLanded;
  });
  useEffect(() => {
    if (pocket === null || spinKey === null) return;
    let timer = 0;
    // The rotation is set from an effect on purpose: the transition needs the old angle drawn first.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRotation((current) => rotationTo(pocket, current, motion ? TURNS : 0));
    if (!motion) {
      landed.current(spinKey);
      return;
    }
    setTurning(true);
    timer = window.setTimeout(() => {
      setTurning(false);
      landed.current(spinKey);
    }, WHEEL_SPIN_MS);
    return () => window.clearTimeout(timer);
    // Only a new spin turns the wheel; a change of the motion setting mid-spin does not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spinKey]);

  return (
    <figure className={styles.wheelBox} data-testid="roulette-wheel" data-pocket={pocket ?? ''} data-turning={turning ? 'true' : 'false'}>
      <svg viewBox="0 0 200 200" className={styles.wheel} aria-hidden="true" focusable="false">
        <circle cx="100" cy="100" r="99" className={styles.wheelRim} />
        <g
          className={turning ? styles.wheelTurning : undefined}
          style={{
            transform: `rotate(${rotation}deg)`,
            transformOrigin: '100px 100px',
            transitionDuration: turning ? `${WHEEL_SPIN_MS}ms` : '0ms',
          }}
        >
          {WHEEL_ORDER.map((number, index) => (
            <g key={number}>
              <path d={sectorPath(index, 92, 62)} fill={FILL[pocketColour(number)]} stroke="#d9b44a" strokeWidth="0.6" />
              <text
                x="100"
                y="17"
                className={styles.wheelNumber}
                transform={`rotate(${index * SECTOR} 100 100)`}
                textAnchor="middle"
                dominantBaseline="middle"
              >
                {number}
              </text>
            </g>
          ))}
          <circle cx="100" cy="100" r="62" className={styles.wheelCone} />
          <circle cx="100" cy="100" r="20" className={styles.wheelHub} />
        </g>
        <path d="M 100 4 L 94 -6 L 106 -6 Z" className={styles.wheelMarker} transform="translate(0 8)" />
        {pocket !== null && !turning ? <circle cx="100" cy="30" r="5" className={styles.ball} /> : null}
      </svg>
      <figcaption className={styles.wheelCaption} data-testid="roulette-pocket">
        {pocket !== null && !turning ? (
          <span className={`${styles.pocketBadge} ${styles[`pocket-${pocketColour(pocket)}`] ?? ''}`}>{pocketName(pocket, t)}</span>
        ) : turning ? (
          t('games.table_roulette_spinning')
        ) : (
          t('games.table_roulette_place_bets')
        )}
      </figcaption>
    </figure>
  );
}
