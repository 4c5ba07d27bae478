'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A Video Banner (spec §7): a short muted clip that loops behind its caption, with a button to
 * pause and play it (moving content longer than five seconds must be stoppable, WCAG 2.2.2).
 * With reduced motion the clip does not start by itself: the poster shows until the player
 * presses play.
 */
export function VideoBanner({
  sources,
  poster,
  caption,
  playLabel,
  pauseLabel,
  className = '',
}: {
  sources: { src: string; type: string }[];
  poster: string;
  caption: ReactNode;
  playLabel: string;
  pauseLabel: string;
  className?: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    element.play().catch(() => undefined);
  }, []);

  function toggle() {
    const element = video.current;
    if (!element) return;
    if (element.paused) element.play().catch(() => undefined);
    else element.pause();
  }

  return (
    <section className={`video-banner ${className}`.trim()} data-testid="video-banner">
      <video
        ref={video}
        className="video-banner-clip"
        poster={poster}
        muted
        loop
        playsInline
        preload="metadata"
        aria-hidden="true"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      >
        {sources.map((source) => (
          <source key={source.src} src={source.src} type={source.type} />
        ))}
      </video>
      <div className="hero-caption">{caption}</div>
      <button
        type="button"
        className="video-banner-toggle"
        onClick={toggle}
        aria-label={playing ? pauseLabel : playLabel}
        aria-pressed={!playing}
        data-testid="video-banner-toggle"
      >
        <span aria-hidden="true">{playing ? '❚❚' : '►'}</span>
      </button>
    </section>
  );
}
