import { test } from 'node:test';
import assert from 'node:assert/strict';
import { batchesOf, distinctChars, partsOf, selectorOf } from './fonts';

test('distinctChars keeps each character once, in order, without spaces', () => {
  assert.equal(distinctChars('森活 運動館\n森活'), '森活運動館');
  assert.equal(distinctChars(''), '');
});

/** A stand-in for a DOM element: its children, its own text and its parent. */
type Fake = { id: string; children: Fake[]; parentElement: Fake | null; own: string; textContent: string };

function el(own: string, ...children: Fake[]): Fake {
  const e: Fake = { id: '', children, parentElement: null, own, textContent: '' };
  for (const c of children) c.parentElement = e;
  e.textContent = own + children.map((c) => c.textContent).join('');
  return e;
}

// #root: a header (10 characters), a main of two sections (300 and 250
// characters, the second of two paragraphs), a footer (20 characters)
const p1 = el('x'.repeat(100));
const p2 = el('y'.repeat(150));
const s1 = el('a'.repeat(300));
const s2 = el('', p1, p2);
const main = el('', s1, s2);
const header = el('h'.repeat(10));
const footer = el('f'.repeat(20));
const root = el('', header, main, footer);
root.id = 'root';
const dom = (x: Fake) => x as unknown as Element;
const chars = (x: Element) => (x as unknown as Fake).textContent.length;

test('partsOf splits a block bigger than the most into its children, in document order', () => {
  assert.deepEqual(partsOf(dom(root), 1000, chars), [root]);
  assert.deepEqual(partsOf(dom(root), 400, chars), [header, s1, s2, footer]);
  assert.deepEqual(partsOf(dom(root), 200, chars), [header, s1, p1, p2, footer], 'a bigger leaf stays one part');
});

test('batchesOf groups consecutive parts up to about the most in size', () => {
  assert.deepEqual(batchesOf([header, s1, p1, p2, footer].map(dom), 320, chars), [[header, s1], [p1, p2, footer]]);
  assert.deepEqual(batchesOf([s1].map(dom), 10, chars), [[s1]], 'a bigger part stays a batch of its own');
  assert.deepEqual(batchesOf([], 10, chars), []);
});

test('selectorOf names an element by its places under the root', () => {
  assert.equal(selectorOf(dom(p2), dom(root)), '#root > :nth-child(2) > :nth-child(2) > :nth-child(2)');
  assert.equal(selectorOf(dom(header), dom(root)), '#root > :nth-child(1)');
  assert.equal(selectorOf(dom(root), dom(root)), '#root');
});
