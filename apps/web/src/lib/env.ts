import 'server-only';
import { platformApiKey } from './platform-door';

/** The storefront's server-side settings, with their embedded defaults. */
export const env = {
  /** The platform's internal listener (https beyond loopback in production, edge/startup-check.ts). */
  platformUrl: process.env.PLATFORM_URL ?? 'http://127.0.0.1:4000',
  /** The storefront's key there (header Krone-Storefront-Key, lib/platform-door.ts); never sent to the browser. */
  platformApiKey: platformApiKey(),
  /** The base that content image URLs carry, swapped for the store base below. */
  contentImageBase: process.env.CONTENT_IMAGE_BASE ?? 'https://cdn.krone-casino.dk',
  /** Where the storefront serves images from; empty means this site's own /media. */
  storeImageBase: process.env.STORE_IMAGE_BASE ?? '',
  revalidateSeconds: Number(process.env.CONTENT_REVALIDATE_SECONDS ?? 60),
  siteUrl: process.env.NEXT_PUBLIC_SITE_URL ?? 'http://127.0.0.1:3000',
  brandName: process.env.BRAND_NAME ?? 'Krone Casino',
  /**
   * The card provider's public API, which the player's browser calls to tokenise a card (and
   * whose 3-D Secure pages it frames). Read at start, not baked into the build: one build runs
   * against the stand-in or the real provider.
   */
  cardsPublicUrl: (process.env.CARDS_PUBLIC_URL ?? 'http://127.0.0.1:4300/cards').replace(/\/$/, ''),
  /** Our game studio (apps/studio), which the storefront's server asks for game sessions and rounds. */
  studioUrl: (process.env.STUDIO_URL ?? 'http://127.0.0.1:4400').replace(/\/$/, ''),
  /** The storefront's key at the studio (header Krone-Studio-Key); never sent to the browser. */
  studioApiKey: process.env.STUDIO_API_KEY ?? 'krone-development-studio-key',
};
