'use client';

import { useEffect, useState, type ReactNode } from 'react';

/**
 * The start page's image slider: one slide at a time, advancing by itself, with dot buttons.
 * The slides are rendered on the server and passed in; only the choice of slide lives here.
 */
export function HeroSlider({
  slides,
  intervalMs,
  label,
  slideLabels,
  className = '',
}: {
  slides: ReactNode[];
  intervalMs: number;
  label: string;
  slideLabels: string[];
  className?: string;
}) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (slides.length < 2 || paused) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % slides.length), intervalMs);
    return () => window.clearInterval(timer);
  }, [slides.length, intervalMs, paused]);

  return (
    <section
      className={`hero-slider ${className}`.trim()}
      data-testid="image-slider"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((slide, i) => (
        <div key={i} className="hero-slide" hidden={i !== index} role="group" aria-roledescription="slide" aria-label={slideLabels[i]}>
          {slide}
        </div>
      ))}
      {slides.length > 1 ? (
        <div className="hero-dots">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              aria-label={slideLabels[i]}
              aria-pressed={i === index}
              className={i === index ? 'is-active' : ''}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
