type Flags = Record<string, unknown>;

/**
 * Design tokens from the operator's button and input themes (spec §3), as CSS custom properties:
 * the `default` theme on :root, and each form's theme on `.theme-<form>` (for example
 * `.theme-contact_form`), so a form wrapped in that class takes its own look without code.
 */
export function themeTokens(themes: Flags): string {
  const buttons = (themes.buttons ?? {}) as Record<string, Record<string, unknown>>;
  const inputs = (themes.inputs ?? {}) as Record<string, Record<string, unknown>>;
  const safe = (value: unknown) => (typeof value === 'string' && /^[#a-zA-Z0-9(),.% -]{1,40}$/.test(value) ? value : null);
  const declarations = (button: Record<string, unknown> = {}, input: Record<string, unknown> = {}) => {
    const pairs: [string, unknown][] = [
      ['btn-bg', button.background],
      ['btn-color', button.color],
      ['btn-border', button.border_color],
      ['btn-hover-bg', button.hover_background],
      ['input-bg', input.background],
      ['input-color', input.color],
      ['input-border', input.border_color],
      ['input-focus', input.focus_border_color],
      ['input-error', input.error_color],
      ['input-placeholder', input.placeholder_color],
      ['input-radius', input.radius],
    ];
    return pairs.flatMap(([name, value]) => (safe(value) ? [`--${name}:${safe(value)};`] : [])).join('');
  };
  const rules = [`:root{${declarations(buttons.default, inputs.default)}}`];
  const forms = new Set(
    [...Object.keys(buttons), ...Object.keys(inputs)].filter((form) => form !== 'default' && /^[a-z0-9_]+$/.test(form)),
  );
  for (const form of [...forms].sort()) {
    const body = declarations(buttons[form], inputs[form]);
    if (body) rules.push(`.theme-${form}{${body}}`);
  }
  return rules.join('');
}
