import { describe, expect, it } from 'vitest';
import { isPhysicalCasinoPath, physicalCasinoRedirect, physicalCasinoSite } from './physical-casino';

const SITE = 'https://aarhus.example.dk/';

describe('the physical casino’s pages', () => {
  it('are the spec’s paths: /casino-aarhus and under it, the Aarhus roulette campaign, and the product’s three', () => {
    for (const path of [
      '/casino-aarhus',
      '/casino-aarhus/events',
      '/casino-aarhus/casinospil/blackjack',
      '/casino-aarhus/om-krone-aarhus',
      '/kampagner/aarhus-roulette',
      '/krone/om-krone',
      '/krone/royals-historie',
      '/krone/fn-verdensmaal',
    ]) {
      expect(isPhysicalCasinoPath(path), path).toBe(true);
    }
    for (const path of [
      '/',
      '/casino-aarhusx',
      '/kampagner',
      '/kampagner/velkomst',
      '/krone/om-andet',
      '/spilleautomater',
      '/contents/om-krone',
    ]) {
      expect(isPhysicalCasinoPath(path), path).toBe(false);
    }
  });

  it('go to the configured site with path and query, and stay here (404) when none is configured', () => {
    expect(physicalCasinoRedirect('/casino-aarhus/events?uge=48', SITE)).toBe('https://aarhus.example.dk/casino-aarhus/events?uge=48');
    expect(physicalCasinoRedirect('/krone/om-krone', SITE)).toBe('https://aarhus.example.dk/krone/om-krone');
    expect(physicalCasinoRedirect('/spilleautomater', SITE)).toBeNull();
    expect(physicalCasinoRedirect('/casino-aarhus', undefined)).toBeNull();
  });

  it('takes only an http(s) address as the site', () => {
    expect(physicalCasinoSite('https://aarhus.example.dk')).toBe('https://aarhus.example.dk/');
    expect(physicalCasinoSite('javascript:alert(1)')).toBeUndefined();
    expect(physicalCasinoSite('not a url')).toBeUndefined();
    expect(physicalCasinoSite('')).toBeUndefined();
  });
});
