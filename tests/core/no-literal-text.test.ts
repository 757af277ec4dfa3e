import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, the plugin eslint.config.js loads.
import plugin from '../../scripts/eslint-no-literal-text.mjs';

// The check of issue 32: no text in app/ outside the catalogs. ESLint's RuleTester runs each case through the rule.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true }, sourceType: 'module' } },
});
const literal = (text: string) => ({ messageId: 'literal', data: { text } });

describe('no text outside the catalogs (issue 32)', () => {
  tester.run('no-literal-text', plugin.rules['no-literal-text'], {
    valid: [
      // Texts from the catalogs: a component's messages, common's, a function of them.
      { code: "const t = useTexts(messages); const a = <p title={t.title} aria-label={t.close}>{t.save}</p>;" },
      { code: "toast({ title: common.get().success, description: t.saved }); toastError(t.failed);" },
      { code: "const a = <p>{t.page({ n: 1, pages: 3 })}</p>;" },
      // The catalogs' English: anything inside i18n('namespace', { … }), down to count() and params().
      { code: "const messages = i18n('tv-board', { page: params('Page {n} of {pages}'), left: count({ one: '{count} bout', other: '{count} bouts' }) });" },
      // Not words: numbers, punctuation and symbols, and a template with nothing but values and symbols.
      { code: "const a = <p title='—' aria-label={`${a} · ${b}`}>{n} × {m} · +1 — (5){': '}</p>;" },
      // The short allow-list: the product's name, QR, the P-card's mark.
      { code: "const a = <span>Piste <b>QR</b> P{n}</span>;" },
      // A print page's CSS is not text on screen; attributes a user does not read are not looked at.
      { code: "const a = <><style>{'@page { size: portrait; margin: 10mm; }'}</style><div className='text-sm' data-testid='board' role='img' /></>;" },
    ],
    invalid: [
      { code: 'const a = <h2>Live results</h2>;', errors: [literal('Live results')] },
      { code: "const a = <p>{n} pool {n === 1 ? 'bout' : 'bouts'} still to fence.</p>;", errors: [literal('pool'), literal('bout'), literal('bouts'), literal('still to fence.')] },
      { code: '<button aria-label="Close" title="Close dialog" />;', errors: [literal('Close'), literal('Close dialog')] },
      { code: "const a = <input placeholder={'Search athletes'} aria-description={`${n} athletes`} />;", errors: [literal('Search athletes'), literal('athletes')] },
      { code: "const a = <img alt={ok ? t.logo : 'Logo'} />; const b = <Field label='Name' />;", errors: [literal('Logo'), literal('Name')] },
      { code: "toast({ title: 'Success', description: t.saved });", errors: [literal('Success')] },
      { code: "toast({ title: t.done, description: `Saved ${n} scores` });", errors: [literal('Saved scores')] },
      { code: "toastError('Could not save', 'Offline');", errors: [literal('Could not save'), literal('Offline')] },
    ],
  });
});

describe('npm run lint (issue 32)', () => {
  it('runs the check over app/ with the repo\'s own config: a literal in a screen fails, the same text from the catalog passes', async () => {
    const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
    const lint = async (code: string) => (await eslint.lintText(code, { filePath: 'app/features/example/example.tsx' }))[0]!.messages.map((m) => `${m.ruleId}: ${m.message.split('.')[0]}`);
    expect(await lint("export const A = () => <button aria-label='Close'>Save</button>;\n")).toEqual([
      'piste/no-literal-text: Text outside the catalogs: "Close"',
      'piste/no-literal-text: Text outside the catalogs: "Save"',
    ]);
    expect(await lint("const t = { close: 'x', save: 'y' };\nexport const A = () => <button aria-label={t.close}>{t.save}</button>;\n")).toEqual([]);
  });
});
