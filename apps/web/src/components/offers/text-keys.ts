// Not in claim-offer.tsx: a 'use client' module's exports reach a server page as client references, not values.
/** The texts ClaimOffer needs, for the server page to pick. */
export const CLAIM_TEXT_KEYS = [
  'campaign.claim_offer',
  'campaign.claim_guest',
  'campaign.claim_error',
  'campaign.offer_opens_at',
  'btn.login',
  'btn.register',
  'btn.loading',
] as const;
