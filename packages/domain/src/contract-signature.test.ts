import { describe, expect, it } from 'vitest';
import { contractPath, contractSigningText } from './contract-signature';

describe('the games contract’s signing text', () => {
  const call = {
    timestamp: 1_795_576_018,
    method: 'POST',
    path: contractPath('krone-studio', 'bet'),
    providerId: 'krone-studio',
    body: '{}',
  };

  it('names the time, method, path, provider and body, so a change to any of them is another text', () => {
    expect(contractSigningText(call)).toBe('1795576018\nPOST\n/Games/providers/krone-studio/bet\nkrone-studio\n{}');
    const variants = [
      { ...call, timestamp: call.timestamp + 1 },
      { ...call, method: 'PUT' },
      { ...call, path: contractPath('krone-studio', 'win') },
      { ...call, providerId: 'other-studio' },
      { ...call, body: '{ }' },
    ];
    for (const variant of variants) expect(contractSigningText(variant)).not.toBe(contractSigningText(call));
    expect(contractSigningText({ ...call, method: 'post' })).toBe(contractSigningText(call));
  });
});
