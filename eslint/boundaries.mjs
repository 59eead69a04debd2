// The bounded-context rule (issue 24): a local ESLint rule, because `no-restricted-imports` patterns see the
// specifier as written ('../speach/speach-views'), not which folder it reaches from which folder. The rules
// themselves live in tools/boundaries/layers.cjs, shared with the codemod, the jest guard and dependency-cruiser.
import { createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const { violation, packageViolation, webViolation } = require('../tools/boundaries/layers.cjs');

const noForeignInternals = {
  meta: {
    type: 'problem',
    docs: { description: "Forbid reaching into another bounded context's internals, the seed, or outside the read side's boundary" },
    schema: [],
    messages: { forbidden: '{{reason}}' },
  },
  create(context) {
    const root = context.cwd ?? process.cwd();
    const file = relative(root, context.filename ?? context.getFilename())
      .split('\\')
      .join('/');
    // `typeOnly`: the whole declaration is erased at compile time (`import type`, `export type`).
    function check(node, specifier, typeOnly = false) {
      if (typeof specifier !== 'string') return;
      if (!specifier.startsWith('.')) {
        const reason = packageViolation(file, specifier);
        if (reason) context.report({ node, messageId: 'forbidden', data: { reason } });
        return;
      }
      const target = relative(root, resolve(dirname(resolve(root, file)), specifier))
        .split('\\')
        .join('/');
      const reason = violation(file, target) ?? webViolation(file, target, typeOnly);
      if (reason) context.report({ node, messageId: 'forbidden', data: { reason } });
    }
    const erased = (node) => node.importKind === 'type' || node.exportKind === 'type';
    const fromSource = (node) => node.source && check(node.source, node.source.value, erased(node));
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' && check(node.moduleReference, node.moduleReference.expression.value),
      CallExpression: (node) =>
        node.callee.type === 'Identifier' &&
        node.callee.name === 'require' &&
        node.arguments[0]?.type === 'Literal' &&
        check(node.arguments[0], node.arguments[0].value),
    };
  },
};

export default { rules: { 'no-foreign-internals': noForeignInternals } };
