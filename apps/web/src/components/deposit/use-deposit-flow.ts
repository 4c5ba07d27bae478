'use client';

import { useId, useState, type FormEvent } from 'react';
import { showsWelcomeDecline, welcomeDeclined, type BonusChoice } from '@/lib/offer-rules';
import type { Deposit } from '@/lib/platform-types';
import { refreshAccountSummary } from '../players/account-summary';
import {
  bareCardNumber,
  CARD_FIELDS,
  checkAmount,
  checkCard,
  fullYear,
  groupCardNumber,
  type CardField,
  type CardInput,
} from '@/lib/card-rules';
import { BONUS_CODE_CODES, DEPOSIT_ERROR_KEYS, LIMITS_CODES, remainingLine } from './messages';

export type DepositMethod = 'card' | 'mobilepay';
export type DepositField = CardField | 'amount' | 'bonusCode';
export type FieldErrors = Partial<Record<DepositField, string>>;
export type DepositStep = 1 | 2 | 3;
type Phase = { kind: 'form' } | { kind: 'threeds'; deposit: Deposit } | { kind: 'result'; deposit: Deposit };
export interface DepositAlert {
  key: string;
  limitsLink: boolean;
  /** A limit refusal's second line: what may still be deposited. */
  remaining?: { key: string; vars: { amount: string } } | null;
}
type Answer = { result?: number; code?: string; message?: string; remainingOre?: number; fields?: Record<string, string>; data?: Deposit };

const EMPTY_CARD: CardInput = { number: '', holder: '', expiryMonth: '', expiryYear: '', cvv: '' };
const STEP_FIELDS: Record<1 | 2, DepositField[]> = { 1: ['amount', 'bonusCode'], 2: [...CARD_FIELDS] };

/** A JSON POST to our own API; no answer at all becomes a NETWORK_ERROR with status 0. */
async function post(url: string, body: unknown): Promise<{ status: number; body: Answer }> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json().catch(() => ({}))) as Answer };
  } catch {
    return { status: 0, body: { code: 'NETWORK_ERROR' } };
  }
}

/**
 * Card data to the provider, from this browser: the token, or the card fields the provider
 * refused (`invalid`), or null when the provider could not be reached or answered otherwise.
 */
async function requestCardToken(tokensUrl: string, card: CardInput): Promise<{ token: string } | { invalid: FieldErrors } | null> {
  try {
    const response = await fetch(tokensUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        number: bareCardNumber(card.number),
        holder: card.holder.trim(),
        expiryMonth: Number(card.expiryMonth),
        expiryYear: fullYear(card.expiryYear),
        cvv: card.cvv.trim(),
      }),
    });
    const answer = (await response.json().catch(() => ({}))) as { token?: string; error?: string; fields?: string[] };
    if (response.ok && answer.token) return { token: answer.token };
    if (answer.error !== 'invalid_card') return null;
    const marked: FieldErrors = {};
    for (const field of answer.fields ?? []) {
      if (field === 'number') marked.number = 'deposit.error_card';
      else if (field === 'expiry' || field === 'expiryMonth' || field === 'expiryYear') marked.expiryYear = 'deposit.error_card';
      else if (field === 'cvv' || field === 'holder') marked[field] = 'deposit.error_card';
    }
    return { invalid: marked };
  } catch {
    return null;
  }
}

/**
 * The state and rules of the deposit form (components/deposit/deposit-flow.tsx): what the player
 * typed, which step they are on, what is wrong, and the payment itself. Everything is checked here
 * first (spec §5); the card goes from this browser to the provider's tokenisation endpoint and
 * only its token reaches our servers.
 */
export function useDepositFlow({
  variant,
  methods,
  tokensUrl,
  initialBonus,
  mobilePayRange,
}: {
  variant: 'main' | 'quick';
  methods: { card: boolean; mobilePay: boolean };
  tokensUrl: string;
  /** The operator's MobilePay amounts (settingMobilePay), checked here before the platform does. */
  mobilePayRange?: { minOre: number; maxOre: number };
  /** The code chosen when the form opens (lib/offer-rules.ts initialBonusChoice); none by default. */
  initialBonus?: BonusChoice;
}) {
  const id = useId();
  const quick = variant === 'quick';
  const [step, setStep] = useState<DepositStep>(1);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<DepositMethod>(methods.card ? 'card' : 'mobilepay');
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [bonusOpen, setBonusOpen] = useState(initialBonus?.open ?? false);
  const [bonusCode, setBonusCode] = useState(initialBonus?.code ?? '');
  const welcomeCode = initialBonus?.welcomeCode ?? null;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<DepositAlert | null>(null);
  const [busy, setBusy] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });

  const fieldId = (field: DepositField) => `${id}-${field}`;
  const focus = (field: DepositField) => document.getElementById(fieldId(field))?.focus();
  const amountOre = (() => {
    const checked = checkAmount(amount);
    return 'ore' in checked ? checked.ore : null;
  })();

  function checkFields(fields: DepositField[]): FieldErrors {
    const found: FieldErrors = {};
    if (fields.includes('amount')) {
      const checked = checkAmount(amount);
      if ('error' in checked) found.amount = checked.error;
      else if (method === 'mobilepay' && mobilePayRange && (checked.ore < mobilePayRange.minOre || checked.ore > mobilePayRange.maxOre))
        found.amount = 'deposit.mobilepay_range';
    }
    if (fields.includes('bonusCode') && bonusOpen && !bonusCode.trim()) found.bonusCode = 'validation.bonus_code_empty';
    if (method === 'card' && fields.some((field) => (CARD_FIELDS as readonly string[]).includes(field)))
      Object.assign(found, checkCard(card));
    return found;
  }

  /** Shows what is wrong next to each field and focuses the first; true when all is well. */
  function validate(fields: DepositField[]): boolean {
    const found = checkFields(fields);
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (first) focus(first);
    return !first;
  }

  function refuse(code: string | undefined, message: string | undefined, remainingOre?: number, amountField?: string) {
    const key = (code && DEPOSIT_ERROR_KEYS[code]) ?? null;
    if (code !== undefined && BONUS_CODE_CODES.has(code)) {
      setErrors({ bonusCode: key! });
      if (!quick) setStep(1);
      setTimeout(() => focus('bonusCode'));
      return;
    }
    if (code === 'DEPOSIT_TOO_SMALL' || code === 'DEPOSIT_TOO_LARGE') {
      // MobilePay's own bounds (settingMobilePay) come as the field's key; else the site's minimum.
      setErrors({ amount: amountField === 'deposit.mobilepay_range' ? amountField : (key ?? 'validation.amount_invalid') });
      if (!quick) setStep(1);
      setTimeout(() => focus('amount'));
      return;
    }
    if (code === 'CARD_DETAILS_INCORRECT' && !quick) setStep(2);
    setAlert({
      key: key ?? (message ? `raw:${message}` : 'deposit.error_server'),
      limitsLink: code !== undefined && LIMITS_CODES.has(code),
      remaining: remainingLine(code, remainingOre),
    });
  }

  /** Card data to the provider; answers the token or marks the card's fields. */
  async function tokenise(): Promise<string | null> {
    const answer = await requestCardToken(tokensUrl, card);
    if (answer && 'token' in answer) return answer.token;
    if (answer) {
      setErrors(answer.invalid);
      refuse('CARD_DETAILS_INCORRECT', undefined);
      return null;
    }
    refuse('PAYMENT_PROVIDER_ERROR', undefined);
    return null;
  }

  async function pay() {
    if (amountOre === null) return;
    setAlert(null);
    setBusy(true);
    try {
      const base = { amountOre, from: variant, ...(bonusOpen ? { bonusCode } : {}) };
      if (method === 'mobilepay') {
        const answer = await post('/api/deposit/mobilepay', base);
        if (answer.body.result === 1 && answer.body.data?.actionUrl) {
          window.location.assign(answer.body.data.actionUrl);
          return;
        }
        refuse(
          answer.status === 0 ? undefined : answer.body.code,
          answer.body.message,
          answer.body.remainingOre,
          answer.body.fields?.amount,
        );
        return;
      }
      const token = await tokenise();
      if (!token) return;
      const answer = await post('/api/deposit/card', { ...base, token });
      const deposit = answer.body.data;
      if (answer.body.result === 1 && deposit) {
        if (deposit.status === 'requires_action' && deposit.actionUrl) setPhase({ kind: 'threeds', deposit });
        else {
          setPhase({ kind: 'result', deposit });
          void refreshAccountSummary();
        }
        return;
      }
      refuse(answer.status === 0 ? undefined : answer.body.code, answer.body.message, answer.body.remainingOre);
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    if (quick) {
      if (validate(['amount', 'bonusCode', ...(method === 'card' ? CARD_FIELDS : [])])) await pay();
      return;
    }
    if (step === 1 && validate(STEP_FIELDS[1])) setStep(2);
    else if (step === 2 && method === 'mobilepay' && checkFields(['amount']).amount) {
      // An amount outside MobilePay's bounds: back to it, with why.
      setErrors(checkFields(['amount']));
      setStep(1);
      setTimeout(() => focus('amount'));
    } else if (step === 2 && validate(method === 'card' ? STEP_FIELDS[2] : [])) setStep(3);
    else if (step === 3) await pay();
  }

  function back() {
    setAlert(null);
    setStep((current) => (current - 1) as 1 | 2);
  }

  function chooseAmount(ore: number) {
    setAmount(String(ore / 100));
    setErrors((current) => ({ ...current, amount: undefined }));
  }

  /**
   * "Jeg vil ikke have velkomsttilbuddet": ticked, no code goes with the deposit; unticked again,
   * the welcome offer is chosen again.
   */
  function setWelcomeDeclined(declined: boolean) {
    if (!welcomeCode) return;
    setErrors((current) => ({ ...current, bonusCode: undefined }));
    setBonusOpen(!declined);
    setBonusCode(declined ? '' : welcomeCode);
  }

  const setCardField = (field: CardField, value: string) =>
    setCard((current) => ({ ...current, [field]: field === 'number' ? groupCardNumber(value) : value }));

  /** The 3-D Secure frame is done: show where the payment stands (the status page polls on). */
  function threeDsDone() {
    if (phase.kind === 'threeds') setPhase({ kind: 'result', deposit: { ...phase.deposit, status: 'requires_action' } });
  }

  const inputProps = (field: DepositField) => ({
    id: fieldId(field),
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${fieldId(field)}-error` : undefined,
  });

  return {
    id,
    quick,
    step,
    amount,
    amountOre,
    method,
    card,
    bonusOpen,
    bonusCode,
    welcomeCode,
    welcomeDeclined: welcomeDeclined({ bonusOpen, bonusCode, welcomeCode }),
    showsWelcomeDecline: showsWelcomeDecline({ bonusOpen, bonusCode, welcomeCode }),
    errors,
    alert,
    busy,
    phase,
    fieldId,
    inputProps,
    setAmount,
    chooseAmount,
    setMethod,
    setCardField,
    setBonusOpen,
    setBonusCode,
    setWelcomeDeclined,
    submit,
    back,
    threeDsDone,
  };
}

export type DepositFlowState = ReturnType<typeof useDepositFlow>;
