// ESLint for the app: the direction of imports between its layers.
//   contract, strings  <- ui <- lib <- features <- pages, layouts
// A layer imports only from layers to its left (and from itself); a feature
// imports no other feature. TypeScript is parsed by Babel's parser
// (typescript-eslint does not support TypeScript 7 yet); types are checked
// by tsc.
import babelParser from '@babel/eslint-parser';
import boundaries from 'eslint-plugin-boundaries';

const below = {
  contract: [],
  strings: [],
  ui: ['contract', 'strings'],
  lib: ['contract', 'strings', 'ui'],
  features: ['contract', 'strings', 'ui', 'lib'],
  app: ['contract', 'strings', 'ui', 'lib', 'features', 'app'],
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
        { type: 'app', pattern: 'app/**', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            ...Object.entries(below)
              .filter(([from]) => from !== 'features')
              .map(([from, to]) => ({
                from: { element: { type: from } },
                allow: { to: { element: { types: { anyOf: to.length ? [...to, from] : [from] } } } },
              })),
            {
              from: { element: { type: 'features' } },
              allow: { to: { element: { types: { anyOf: below.features } } } },
            },
            {
              from: { element: { type: 'features', captured: { feature: '{{from.captured.feature}}' } } },
              allow: { to: { element: { type: 'features', captured: { feature: '{{from.captured.feature}}' } } } },
            },
          ],
        },
      ],
    },
  },
];
