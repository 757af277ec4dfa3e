// A local ESLint rule (issue 32): no text on screen that does not come from the catalogs.
// Reported, in app/: JSX text with a letter in it (`<p>Save</p>`, `{'Save'}`), string and template literals with a
// letter in the attributes a user reads or hears (aria-label, aria-description, title, placeholder, alt, label), and
// the titles and descriptions of toasts (`toast({ title: '…' })`, `toastError('…', '…')`). Texts written inside an
// `i18n('namespace', { … })` call are the catalogs' English and are never reported; `t.save`, `common.get().x` and
// any other expression are not literals and are not looked at.
// Not words, so allowed: anything without a letter (numbers, punctuation, "·", "—", "×", "+1", "→"), and the few
// exact texts of ALLOWED below.

/**
 * The texts that are the same in every language, each with its reason. Keep it short: a word a user reads is a
 * catalog key, even when the English happens to be the French (use common.ts for shared words).
 */
const ALLOWED = new Set([
  'Piste', // the product's name
  'QR', // "QR code" is written QR in every language; the button that shows it says so in words (aria-label)
  'P', // the FIE's P-card (passivity), marked P in every language beside its count; its aria-label/title say it in words
]);

/** Elements whose children are not text on screen (a print page's CSS). */
const NOT_TEXT = new Set(['style', 'script']);

const ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label']);
const TOAST_FIELDS = new Set(['title', 'description']);
const LETTER = /\p{L}/u;

const isWords = (text) => {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return LETTER.test(trimmed) && !ALLOWED.has(trimmed);
};

/** The literal parts of an expression a user would read: string literals and template quasis, through ?: and ||. */
function literalTexts(node) {
  if (!node) return [];
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? [{ node, text: node.value }] : [];
    case 'TemplateLiteral':
      return [{ node, text: node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ') }];
    case 'ConditionalExpression':
      return [...literalTexts(node.consequent), ...literalTexts(node.alternate)];
    case 'LogicalExpression':
      return [...literalTexts(node.left), ...literalTexts(node.right)];
    case 'JSXExpressionContainer':
      return literalTexts(node.expression);
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return literalTexts(node.expression);
    default:
      return [];
  }
}

const calleeName = (call) => (call.callee.type === 'Identifier' ? call.callee.name : call.callee.type === 'MemberExpression' && call.callee.property.type === 'Identifier' ? call.callee.property.name : undefined);

/** Inside `i18n('namespace', { … })`: the catalogs' English. */
function inCatalog(node) {
  for (let n = node.parent; n; n = n.parent) if (n.type === 'CallExpression' && calleeName(n) === 'i18n') return true;
  return false;
}

const inCode = (node) => {
  const opening = node.parent.type === 'JSXElement' ? node.parent.openingElement : undefined;
  return opening?.name.type === 'JSXIdentifier' && NOT_TEXT.has(opening.name.name);
};

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Every text a user reads or hears in the app comes from the catalogs (i18n)' },
    messages: { literal: 'Text outside the catalogs: "{{text}}". Put it in the component\'s i18n(…) messages (or common.ts) and its translations in app/i18n/locales.' },
    schema: [],
  },
  create(context) {
    const report = (found) => {
      for (const { node, text } of found) {
        if (isWords(text) && !inCatalog(node)) context.report({ node, messageId: 'literal', data: { text: text.replace(/\s+/g, ' ').trim().slice(0, 60) } });
      }
    };
    return {
      JSXText(node) {
        if (!inCode(node)) report([{ node, text: node.value }]);
      },
      JSXExpressionContainer(node) {
        if ((node.parent.type === 'JSXElement' || node.parent.type === 'JSXFragment') && !inCode(node)) report(literalTexts(node.expression));
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : undefined;
        if (name && ATTRIBUTES.has(name)) report(literalTexts(node.value));
      },
      CallExpression(node) {
        const name = calleeName(node);
        if (name === 'toastError') report(node.arguments.flatMap(literalTexts));
        if (name === 'toast') {
          for (const arg of node.arguments) {
            if (arg.type !== 'ObjectExpression') continue;
            for (const p of arg.properties) {
              if (p.type === 'Property' && !p.computed && TOAST_FIELDS.has(p.key.name ?? p.key.value)) report(literalTexts(p.value));
            }
          }
        }
      },
    };
  },
};

/** The plugin: `plugins: { piste: noLiteralText }`, rule `piste/no-literal-text`. */
export default { meta: { name: 'piste-no-literal-text' }, rules: { 'no-literal-text': rule } };
