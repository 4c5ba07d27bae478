import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { staffMembers } from './schema.js';

export interface DemoStaffMember {
  subject: string;
  name: string;
  email: string;
  roles: string[];
}

/** The demo staff, one per role (and a second payments member for four eyes), as the staff IdP stand-in knows them. */
export const DEMO_STAFF: DemoStaffMember[] = JSON.parse(readFileSync(new URL('./demo-staff.json', import.meta.url), 'utf8'));

/** Makes the demo staff members that are missing (a member's roles, once made, are the operator's to change). */
export async function seedDemoStaff(db: Db, members: DemoStaffMember[] = DEMO_STAFF): Promise<number> {
  const made = await db
    .insert(staffMembers)
    .values(members)
    .onConflictDoNothing({ target: staffMembers.subject })
    .returning({ id: sql`id` });
  return made.length;
}
