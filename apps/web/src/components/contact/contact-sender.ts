import 'server-only';

/** Who is writing: the two variants of the contact form (spec §1), decided on the server only. */
export type ContactSender =
  | { kind: 'guest' }
  | { kind: 'player'; playerId: string; name: string; email: string };

/**
 * Sessions arrive with the players context. Until then every visitor is a guest. The player
 * variant only needs this function to read the session cookie (`cookies()` from 'next/headers'),
 * validate it with the platform and return the player's id, name and email: the page then
 * prefills the form and the route handler sends `kind: 'player'` with that id.
 */
export async function getContactSender(): Promise<ContactSender> {
  return { kind: 'guest' };
}
