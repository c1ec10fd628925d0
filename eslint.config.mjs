// ESLint for the app: the direction of imports between its layers.
//   contract, strings  <- ui <- lib <- features <- pages, layouts <- app
// A layer imports only from layers to its left (and from itself); a feature
// imports no other feature (what two share goes to lib), and a page no other
// page (pages compose features); app is the root and the entries.
// TypeScript is parsed by Babel's parser (typescript-eslint does not support
// TypeScript 7 yet); types are checked by tsc.
import babelParser from '@babel/eslint-parser';
import boundaries from 'eslint-plugin-boundaries';

// What each layer may import; features only their own feature (below).
const allowed = {
  contract: ['contract'],
  strings: ['strings'],
  ui: ['contract', 'strings', 'ui'],
  lib: ['contract', 'strings', 'ui', 'lib'],
  features: ['contract', 'strings', 'ui', 'lib'],
  pages: ['contract', 'strings', 'ui', 'lib', 'features'], // and no other page (below)
  layouts: ['contract', 'strings', 'ui', 'lib', 'features', 'layouts'],
  app: ['contract', 'strings', 'ui', 'lib', 'features', 'pages', 'layouts', 'app'],
};

export default [
  { ignores: ['node_modules/**', 'renderer/dist/**', 'bench/**', 'e2e/**', 'data/**'] },
  {
    files: ['app/**/*.{ts,tsx}'],
    languageOptions: {
      parser: babelParser,
      parserOptions: {
        requireConfigFile: false,
        babelOptions: {
          babelrc: false,
          configFile: false,
          parserOpts: { plugins: ['typescript', 'jsx'] },
        },
      },
    },
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx'] } },
      'boundaries/elements': [
        { type: 'contract', pattern: 'app/contract/**', partialMatch: false },
        { type: 'strings', pattern: 'app/strings/**', partialMatch: false },
        { type: 'ui', pattern: 'app/ui/**', partialMatch: false },
        { type: 'lib', pattern: 'app/lib/**', partialMatch: false },
        { type: 'features', pattern: 'app/features/*/**', partialMatch: false, capture: ['feature'] },
        { type: 'pages', pattern: 'app/pages', partialMatch: false },
        { type: 'layouts', pattern: 'app/layouts/**', partialMatch: false },
        { type: 'app', pattern: 'app/**', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            ...Object.entries(allowed).map(([from, to]) => ({
              from: { element: { type: from } },
              allow: { to: { element: { types: { anyOf: to } } } },
            })),
            {
              from: { element: { type: 'features', captured: { feature: '{{from.captured.feature}}' } } },
              allow: { to: { element: { type: 'features', captured: { feature: '{{from.captured.feature}}' } } } },
            },
          ],
        },
      ],
    },
  },
  {
    // boundaries sees app/pages as one element, so a page importing
    // another page is caught here: what two pages share is a feature's.
    files: ['app/pages/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['./*', '../pages/*'], message: 'A page imports no other page: move what they share into a feature.' }] }],
    },
  },
];
