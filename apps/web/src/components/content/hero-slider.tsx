'use client';

import Image from 'next/image';
import Link from 'next/link';
import { useEffect, useState } from 'react';

export interface HeroSlide {
  title: string;
  text: string;
  image: string;
  ctaText: string;
  ctaUrl: string;
}

/** The start page's image slider: one slide at a time, advancing by itself, with dot buttons. */
export function HeroSlider({ slides, intervalMs, label, slideLabel }: { slides: HeroSlide[]; intervalMs: number; label: string; slideLabel: string[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (slides.length < 2 || paused) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % slides.length), intervalMs);
    return () => window.clearInterval(timer);
  }, [slides.length, intervalMs, paused]);

  return (
    <section
      className="hero-slider"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((slide, i) => (
        <div
          key={slide.ctaUrl + i}
          className="hero-slide"
          hidden={i !== index}
          role="group"
          aria-roledescription="slide"
          aria-label={slideLabel[i]}
        >
          <Image src={slide.image} alt="" fill priority={i === 0} sizes="(min-width: 1200px) 1160px, 100vw" />
          <div className="hero-caption">
            {i === 0 ? <h1>{slide.title}</h1> : <h2>{slide.title}</h2>}
            <p>{slide.text}</p>
            <Link href={slide.ctaUrl} className="btn btn-primary" prefetch={false}>
              {slide.ctaText}
            </Link>
          </div>
        </div>
      ))}
      {slides.length > 1 ? (
        <div className="hero-dots">
          {slides.map((slide, i) => (
            <button
              key={slide.ctaUrl + i}
              type="button"
              aria-label={slideLabel[i]}
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
