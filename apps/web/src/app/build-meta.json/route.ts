/**
 * The running build's id. Static: each deployment bakes in its own id, and open tabs poll this
 * file (with cache: 'no-store' and a ?ts= buster) to learn that a newer deployment is live.
 */
export const dynamic = 'force-static';

export function GET() {
  return Response.json({ buildId: process.env.NEXT_PUBLIC_BUILD_ID ?? null });
}
