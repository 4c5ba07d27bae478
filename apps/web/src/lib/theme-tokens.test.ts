import { describe, expect, it } from 'vitest';
import { themeTokens } from './theme-tokens';

describe('theme tokens', () => {
  it('puts the default theme on :root and each form theme on its class, dropping unsafe values', () => {
    const css = themeTokens({
      buttons: { default: { background: '#e8b931', color: '#0b1f17' }, contact_form: { background: '#123456' } },
      inputs: { default: { radius: '8px' }, deposit_step1: { border_color: 'red;}body{display:none' } },
    });
    expect(css).toContain(':root{--btn-bg:#e8b931;--btn-color:#0b1f17;--input-radius:8px;}');
    expect(css).toContain('.theme-contact_form{--btn-bg:#123456;}');
    expect(css).not.toContain('display:none');
    expect(css).not.toContain('.theme-deposit_step1');
  });
});
