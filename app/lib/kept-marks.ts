// The marks a kept part (page-context's kept) leaves in a server render,
// where entry-server puts the part in afterwards. A part with eager images
// leaves an element holding their stand-ins (React preloads them in the
// head as the part would); any other part a text, which costs React far
// less than an element (in goja an element it renders costs about as much
// as ten texts). The token keeps page text from posing as a mark.

/**
 * What React writes between two texts side by side. Next to a text mark it
 * is not in the whole render, where the part begins and ends with an
 * element (entry-server keeps only such a part) or is nothing: it goes
 * with the mark.
 */
const textSeparator = '<!-- -->';
const elementEnd = '</template>';
const textEnd = '\uE001';

export class KeptMarks {
  /** An element mark's attribute, its value the part's number: <template {attr}="n">…</template>. */
  readonly attr: string;
  private readonly element: string;
  private readonly textStart: string;

  constructor(token: string) {
    this.attr = `data-kept-${token}`;
    this.element = `<template ${this.attr}="`;
    this.textStart = `\uE000${token}:`;
  }

  /** The text mark of part n. */
  text(n: number): string {
    return this.textStart + n + textEnd;
  }

  /**
   * The marks in out from..to (each wholly in or out), in order: [start,
   * end, the part's number], a text mark's range taking the separators
   * React wrote beside it.
   */
  find(out: string, from: number, to: number): [number, number, number][] {
    const found: [number, number, number][] = [];
    for (let i = out.indexOf(this.element, from); i >= 0 && i < to; i = out.indexOf(this.element, i + 1)) {
      const n = i + this.element.length;
      found.push([i, out.indexOf(elementEnd, n) + elementEnd.length, Number(out.slice(n, out.indexOf('"', n)))]);
    }
    const elements = found.length;
    let last = from; // two text marks side by side share the separator between them
    for (let i = out.indexOf(this.textStart, from); i >= 0 && i < to; i = out.indexOf(this.textStart, i + 1)) {
      const n = i + this.textStart.length;
      const close = out.indexOf(textEnd, n);
      let end = close + textEnd.length;
      const before = i - textSeparator.length;
      const start = before >= last && out.startsWith(textSeparator, before) ? before : i;
      if (out.startsWith(textSeparator, end)) end += textSeparator.length;
      found.push([start, end, Number(out.slice(n, close))]);
      last = end;
    }
    if (elements > 0 && found.length > elements) found.sort((a, b) => a[0] - b[0]);
    return found;
  }
}
