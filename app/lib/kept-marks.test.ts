import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { KeptMarks } from './kept-marks';

const marks = new KeptMarks('t0ken');
const parts = ['<i>x</i>', '<b>y</b>', '<i>z</i>'];
const elements = [h('i', null, 'x'), h('b', null, 'y'), h('i', null, 'z')];

/** out with each mark replaced by its part, as entry-server puts the parts in. */
function putIn(out: string): string {
  let s = '';
  let i = 0;
  for (const [start, end, n] of marks.find(out, 0, out.length)) {
    assert.ok(i <= start && start < end, `marks overlap or run backwards at ${start}`);
    s += out.slice(i, start) + parts[n];
    i = end;
  }
  return s + out.slice(i);
}

/** The children of a div with the parts in place, and the same with their marks (n: part n; a string: a text). */
function both(children: (number | string)[]): [ReactNode, ReactNode] {
  const mark = (c: number | string) => (typeof c === 'number' ? marks.text(c) : c);
  const part = (c: number | string) => (typeof c === 'number' ? elements[c] : c);
  return [h('div', null, ...children.map(part)), h('div', null, ...children.map(mark))];
}

for (const [name, children] of [
  ['alone', [0]],
  ['between texts', ['a', 0, 'b']],
  ['after a text', ['a', 0]],
  ['before a text', [0, 'b']],
  ['side by side between texts', ['a', 0, 1, 'b']],
  ['three side by side', [0, 1, 2]],
  ['texts and parts in turn', ['a', 0, 'b', 1, 'c', 2, 'd']],
] as [string, (number | string)[]][]) {
  test(`kept marks: a text mark put in gives the whole render, ${name}`, () => {
    const [whole, marked] = both(children);
    const out = renderToString(marked);
    assert.ok(out.includes('<!-- -->') || !children.some((c) => typeof c === 'string'), 'React separated the texts');
    assert.equal(putIn(out), renderToString(whole));
  });
}

test('kept marks: a mark followed by elements that write nothing (the stand-ins of its eager images) takes no text after them', () => {
  const out = renderToString(h('div', null, 'a', [marks.text(0), h('br', { key: 0 })], 'b'));
  const whole = renderToString(h('div', null, 'a', [elements[0], h('br', { key: 0 })], 'b'));
  assert.equal(putIn(out), whole);
});

test('kept marks: page text that looks like a mark without the token is no mark', () => {
  const out = renderToString(h('div', null, '\uE000other:0\uE001'));
  assert.deepEqual(marks.find(out, 0, out.length), []);
});
