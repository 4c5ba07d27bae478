/** A deposit as the platform answers it: where it stands and what its receipt shows (øre). */
export interface Deposit {
  id: string;
  orderId: string;
  method: 'card' | 'mobilepay';
  amountOre: number;
  status: 'created' | 'requires_action' | 'succeeded' | 'failed';
  last4: string | null;
  failureCode: string | null;
  actionUrl: string | null;
  createdAt: string;
  settledAt: string | null;
  bonus: { code: string; amountOre: number; wageringRequirementOre: number; expiresAt: string } | null;
}

export type Texts = Record<string, string>;
